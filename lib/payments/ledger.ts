import 'server-only';
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { withDeadline } from '../deadline';
import { env } from '../env/server';
import { firestore, firestoreConfigured } from '../firebase';
import { countReads, whileReading } from '../firestore-reads';
import { amountSchema, keptUntil, storedCheckoutSchema, withLegacyPrice, type StoredCheckout } from './checkout';
import { LEGACY_GENESIS_HASH } from './cluster';
import { createRecordFile, readRecordFile, replaceRecordFile } from '../record-files';

const purchaseSchema = z.preprocess(
  withLegacyPrice,
  z.object({
    signature: z.string(),
    wallet: z.string(),
    path: z.string(),
    /** What the transaction paid. */
    price: amountSchema,
    kind: z.enum(['buy', 'rent']).default('buy'),
    /** A rental's length, from its first play. */
    hours: z.number().int().positive().optional(),
    slot: z.number(),
    blockTime: z.number().nullable(),
    verifiedAt: z.string(),
    reference: z.string(),
    /** The browser that claimed it; absent on purchases recorded before browsers were remembered. */
    browser: z.string().optional(),
    /** The genesis hash of the cluster it was paid on: it unlocks nothing on another. */
    cluster: z.string().default(LEGACY_GENESIS_HASH),
  }),
);
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * A title path this browser may play, and how it got it (a purchase signature, or a wallet's restore). A rental
 * (`rent`) names its purchase's signature: its time runs from that purchase's first play, in whichever browser.
 */
const grantSchema = z.object({
  browser: z.string(),
  path: z.string(),
  via: z.string(),
  grantedAt: z.string(),
  cluster: z.string().default(LEGACY_GENESIS_HASH),
  kind: z.enum(['own', 'rent']).default('own'),
});
type GrantKind = Grant['kind'];
export type Grant = z.infer<typeof grantSchema>;

/**
 * How far restore has read a wallet's history (newest first): a walk under way (where it began, where it
 * goes on), and the newest signature of the last walk that reached the end, above which the next one stops.
 */
const walletScanSchema = z.object({ cluster: z.string(), top: z.string().optional(), before: z.string().optional(), seenUntil: z.string().optional() });
export type WalletScan = z.infer<typeof walletScanSchema>;

/** How long a wallet's scan is kept unused: as long as a checkout, the oldest payment it could find. */
const keepScan = (now: number) => keptUntil({ issuedAt: now });

/**
 * The purchase ledger: `purchases/{signature}` created once, never overwritten,
 * `entitlements/{browser}~{hash of path}`: what each browser owns, however many titles, and
 * `checkouts/{reference}`: every checkout started, so a payment found later is still credited.
 */
export interface Ledger {
  /** Atomically records a purchase; false when the signature was already claimed. */
  create(purchase: Purchase): Promise<boolean>;
  get(signature: string): Promise<Purchase | null>;
  /** The wallet's purchases on `cluster` (a genesis hash). */
  byWallet(wallet: string, cluster: string): Promise<Purchase[]>;
  /** Spends a one-time restore nonce, kept until `expiresAt` (ms) when its challenge could no longer be answered; false when spent before. */
  spendNonce(nonce: string, expiresAt: number): Promise<boolean>;
  /** Remembers that `browser` owns (or rents, `via` a purchase) `path` on `cluster`; granting it again changes nothing. */
  grant(browser: string, path: string, via: string, cluster: string, kind?: GrantKind): Promise<void>;
  /** Every grant `browser` holds on `cluster`: what, how (a purchase signature, `restore:{wallet}`, …) and when. */
  grantsOf(browser: string, cluster: string): Promise<Grant[]>;
  /** Every path `browser` owns for good on `cluster` (not rentals). */
  ownedBy(browser: string, cluster: string): Promise<string[]>;
  /** When the rental paid by `signature` was first played: recorded once (the first play wins), answered as recorded. */
  startRental(signature: string, at: number): Promise<number>;
  /** When the rental paid by `signature` was first played; null before. */
  rentalStartOf(signature: string): Promise<number | null>;
  /** Keeps a checkout by its reference (for CHECKOUT_KEPT_MS); false when that reference was recorded before. */
  recordCheckout(checkout: StoredCheckout): Promise<boolean>;
  /** The checkout of `reference`, while it is kept. */
  checkoutOf(reference: string): Promise<StoredCheckout | null>;
  scanOf(wallet: string): Promise<WalletScan | null>;
  saveScan(wallet: string, scan: WalletScan): Promise<void>;
  /** Sales verified on `cluster` from `from` to `to` (ISO times, `to` excluded), newest first, at most `limit`, after `after` (the last of the page before). */
  salesBetween(cluster: string, from: string, to: string, limit: number, after?: SalesCursor): Promise<Purchase[]>;
  /** Keeps a transfer to the recipient a look found (once per signature). */
  noteTransfer(transfer: RecipientTransfer): Promise<void>;
  /** The newest transfers noted on `cluster`, at most `limit`. */
  recipientTransfers(cluster: string, limit: number): Promise<RecipientTransfer[]>;
}

const ALREADY_EXISTS = 6;

/**
 * One document per (browser, cluster, path): a fixed-length id, whatever the path's length or characters.
 * Legacy (devnet) grants keep the id they had before grants named a cluster, so granting one again changes nothing.
 */
const grantId = (browser: string, path: string, cluster: string, kind: GrantKind, via: string) =>
  `${browser}~${createHash('sha256')
    .update(kind === 'rent' ? `${cluster}\n${path}\nrent ${via}` : cluster === LEGACY_GENESIS_HASH ? path : `${cluster}\n${path}`)
    .digest('base64url')
    .slice(0, 32)}`;

const rentalSchema = z.object({ startedAt: z.number() });

/**
 * A transfer to the recipient a look read on chain: one paying a checkout of ours that no browser claimed yet (its
 * reference, title and path), or one naming no checkout of ours (`checkout` absent). For the studio's reconciliation.
 */
const recipientTransferSchema = z.object({
  signature: z.string(),
  cluster: z.string(),
  /** Its block time, ms (when the node knows none, when the look read it). */
  at: z.number(),
  payer: z.string(),
  amount: amountSchema,
  checkout: z.object({ reference: z.string(), path: z.string(), title: z.string() }).optional(),
});
export type RecipientTransfer = z.infer<typeof recipientTransferSchema>;

/** Where a page of sales ends: the next page starts after this sale. */
export type SalesCursor = Pick<Purchase, 'verifiedAt' | 'signature'>;
/** Newest first, and by signature within a millisecond: the order the studio pages sales in. */
const newestFirst = (a: SalesCursor, b: SalesCursor) =>
  b.verifiedAt.localeCompare(a.verifiedAt) || (a.signature < b.signature ? 1 : a.signature > b.signature ? -1 : 0);

function parseWith<S extends z.ZodType>(schema: S, data: unknown, where: string): z.output<S> | null {
  const result = schema.safeParse(data);
  if (!result.success) console.warn(`[ledger] skipped ${where}: ${result.error.issues[0]?.message}`);
  return result.success ? result.data : null;
}

const present = <T>(value: T | null): value is T => value !== null;
const unique = (paths: string[]) => [...new Set(paths)];

type Store = Omit<Ledger, 'ownedBy' | 'byWallet' | 'grantsOf'> & {
  byWallet(wallet: string): Promise<Purchase[]>;
  grantsOf(browser: string): Promise<Grant[]>;
};

/**
 * The cluster filter and ownedBy, one definition for every ledger: records name their cluster (legacy ones
 * are devnet's), and a purchase or grant made on one cluster is invisible on another.
 */
const onCluster = (store: Store): Ledger => {
  const grantsOf = async (browser: string, cluster: string) => (await store.grantsOf(browser)).filter((grant) => grant.cluster === cluster);
  return {
    ...store,
    byWallet: async (wallet, cluster) => (await store.byWallet(wallet)).filter((purchase) => purchase.cluster === cluster),
    grantsOf,
    ownedBy: async (browser, cluster) => unique((await grantsOf(browser, cluster)).filter((grant) => grant.kind === 'own').map((grant) => grant.path)),
  };
};

/** Every call gives up after `timeoutMs`: the payment then answers 503 "safe", and its retry finds what landed. */
export function firestoreLedger(db: Firestore, timeoutMs: number): Ledger {
  const bounded = <T>(work: Promise<T>, what: string) => withDeadline(work, timeoutMs, `ledger ${what}`);
  const read = <T>(work: Promise<T>, what: string) => whileReading(bounded(work, what));
  const createOnce = async (path: string, data: object) => {
    try {
      await bounded(db.doc(path).create(data), `create ${path}`);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
      throw error;
    }
  };
  const rentalStartOf = async (signature: string) => {
    const snapshot = await read(db.doc(`rentals/${signature}`).get(), 'read');
    countReads(1);
    return snapshot.exists ? (parseWith(rentalSchema, snapshot.data(), snapshot.ref.path)?.startedAt ?? null) : null;
  };
  // What Firestore's TTL policy on `expireAt` deletes (docs/payments.md); reads ignore what it has not deleted yet.
  const expireAt = (ms: number) => Timestamp.fromMillis(ms);
  return onCluster({
    create: (purchase) => createOnce(`purchases/${purchase.signature}`, purchase),
    async get(signature) {
      const snapshot = await read(db.doc(`purchases/${signature}`).get(), 'read');
      countReads(1);
      return snapshot.exists ? parseWith(purchaseSchema, snapshot.data(), snapshot.ref.path) : null;
    },
    async byWallet(wallet) {
      const snapshot = await read(db.collection('purchases').where('wallet', '==', wallet).get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(purchaseSchema, doc.data(), doc.ref.path)).filter(present);
    },
    spendNonce: (nonce, expiresAt) => createOnce(`restoreNonces/${nonce}`, { spentAt: new Date().toISOString(), expireAt: expireAt(expiresAt) }),
    async grant(browser, path, via, cluster, kind = 'own') {
      await createOnce(`entitlements/${grantId(browser, path, cluster, kind, via)}`, {
        browser,
        path,
        via,
        cluster,
        kind,
        grantedAt: new Date().toISOString(),
      });
    },
    startRental: async (signature, at) => ((await createOnce(`rentals/${signature}`, { startedAt: at })) ? at : ((await rentalStartOf(signature)) ?? at)),
    rentalStartOf,
    async grantsOf(browser) {
      const snapshot = await read(db.collection('entitlements').where('browser', '==', browser).get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(grantSchema, doc.data(), doc.ref.path)).filter(present);
    },
    recordCheckout: (checkout) => createOnce(`checkouts/${checkout.reference}`, { ...checkout, expireAt: expireAt(keptUntil(checkout)) }),
    async checkoutOf(reference) {
      const snapshot = await read(db.doc(`checkouts/${reference}`).get(), 'read');
      countReads(1);
      const checkout = snapshot.exists ? parseWith(storedCheckoutSchema, snapshot.data(), snapshot.ref.path) : null;
      return checkout && keptUntil(checkout) > Date.now() ? checkout : null;
    },
    async scanOf(wallet) {
      const snapshot = await bounded(db.doc(`walletScans/${wallet}`).get(), 'read');
      countReads(1);
      return snapshot.exists ? parseWith(walletScanSchema, snapshot.data(), snapshot.ref.path) : null;
    },
    async saveScan(wallet, scan) {
      await bounded(db.doc(`walletScans/${wallet}`).set({ ...scan, expireAt: expireAt(keepScan(Date.now())) }), `write walletScans/${wallet}`);
    },
    async salesBetween(cluster, from, to, limit, after) {
      // Ordered by time then signature (the document id): sales of the same millisecond are neither skipped nor repeated across pages.
      let query = db
        .collection('purchases')
        .where('cluster', '==', cluster)
        .where('verifiedAt', '>=', from)
        .where('verifiedAt', '<', to)
        .orderBy('verifiedAt', 'desc')
        .orderBy(FieldPath.documentId(), 'desc')
        .limit(limit);
      if (after) query = query.startAfter(after.verifiedAt, after.signature);
      const snapshot = await read(query.get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(purchaseSchema, doc.data(), doc.ref.path)).filter(present);
    },
    async noteTransfer(transfer) {
      await createOnce(`recipientTransfers/${transfer.signature}`, transfer);
    },
    async recipientTransfers(cluster, limit) {
      const snapshot = await read(db.collection('recipientTransfers').where('cluster', '==', cluster).orderBy('at', 'desc').limit(limit).get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(recipientTransferSchema, doc.data(), doc.ref.path)).filter(present);
    },
  });
}

/** Files written whole and put in place once (lib/record-files.ts): the same create-once guarantee as Firestore's create(), for a site without Firestore. */
export function fileLedger(dir: string): Ledger {
  const purchases = join(dir, 'purchases');
  const nonces = join(dir, 'restore-nonces');
  const checkouts = join(dir, 'checkouts');
  const scans = join(dir, 'wallet-scans');
  const rentals = join(dir, 'rentals');
  const transfers = join(dir, 'recipient-transfers');
  const grants = (browser: string) => join(dir, 'entitlements', browser);
  // Outside every folder the ledger lists, on the same disk (a link or rename cannot cross disks).
  const tmp = join(dir, '.tmp');
  const prune = expiringFolders();
  const createOnce = (folder: string, name: string, data: object) => createRecordFile(join(folder, `${name}.json`), data, tmp);
  const rentalStartOf = async (signature: string) => (await readAll(rentals, rentalSchema, [`${signature}.json`]))[0]?.startedAt ?? null;
  const readAll = async <S extends z.ZodType>(folder: string, schema: S, files?: string[]) => {
    const names = files ?? (await readdir(folder).catch(() => [] as string[]));
    const all = await Promise.all(
      names.map(async (name) => {
        const found = await readRecordFile(join(folder, name));
        if (found.state === 'broken') console.warn(`[ledger] ${join(folder, name)} is half-written: read as absent until the next write replaces it`);
        return found.state === 'whole' ? parseWith(schema, found.data, name) : null;
      }),
    );
    return all.filter(present);
  };
  return onCluster({
    create: (purchase) => createOnce(purchases, purchase.signature, purchase),
    get: async (signature) => (await readAll(purchases, purchaseSchema, [`${signature}.json`]))[0] ?? null,
    byWallet: async (wallet) => (await readAll(purchases, purchaseSchema)).filter((p) => p.wallet === wallet),
    async spendNonce(nonce, expiresAt) {
      await prune(nonces);
      return createOnce(nonces, nonce, { spentAt: new Date().toISOString(), expireAt: expiresAt });
    },
    async grant(browser, path, via, cluster, kind = 'own') {
      await createOnce(grants(browser), grantId(browser, path, cluster, kind, via), { browser, path, via, cluster, kind, grantedAt: new Date().toISOString() });
    },
    startRental: async (signature, at) => ((await createOnce(rentals, signature, { startedAt: at })) ? at : ((await rentalStartOf(signature)) ?? at)),
    rentalStartOf,
    grantsOf: (browser) => readAll(grants(browser), grantSchema),
    async recordCheckout(checkout) {
      await prune(checkouts);
      return createOnce(checkouts, checkout.reference, { ...checkout, expireAt: keptUntil(checkout) });
    },
    async checkoutOf(reference) {
      const checkout = (await readAll(checkouts, storedCheckoutSchema, [`${reference}.json`]))[0];
      return checkout && keptUntil(checkout) > Date.now() ? checkout : null;
    },
    scanOf: async (wallet) => (await readAll(scans, walletScanSchema, [`${wallet}.json`]))[0] ?? null,
    saveScan: (wallet, scan) => replaceRecordFile(join(scans, `${wallet}.json`), { ...scan, expireAt: keepScan(Date.now()) }, tmp),
    salesBetween: async (cluster, from, to, limit, after) =>
      (await readAll(purchases, purchaseSchema))
        .filter((sale) => sale.cluster === cluster && sale.verifiedAt >= from && sale.verifiedAt < to && (!after || newestFirst(sale, after) > 0))
        .sort(newestFirst)
        .slice(0, limit),
    async noteTransfer(transfer) {
      await createOnce(transfers, transfer.signature, transfer);
    },
    recipientTransfers: async (cluster, limit) =>
      (await readAll(transfers, recipientTransferSchema))
        .filter((transfer) => transfer.cluster === cluster)
        .sort((a, b) => b.at - a.at)
        .slice(0, limit),
  });
}

const PRUNE_EVERY_MS = 60 * 60_000;
const expiringSchema = z.object({ expireAt: z.number() });

/**
 * The file ledger's stand-in for Firestore's TTL policy: before a write, a folder of expiring records
 * (`expireAt`, ms) drops those past it, at most once an hour per folder. A file it cannot read is
 * skipped and named, never a reason for the write to fail.
 */
function expiringFolders(now = Date.now) {
  const prunedAt = new Map<string, number>();
  return async (folder: string) => {
    if ((prunedAt.get(folder) ?? -Infinity) > now() - PRUNE_EVERY_MS) return;
    prunedAt.set(folder, now());
    const names = await readdir(folder).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const file = join(folder, name);
        const found = await readRecordFile(file).catch(() => ({ state: 'broken' as const }));
        if (found.state === 'broken') console.warn(`[ledger] pruning skipped ${file}: it cannot be read or parsed`);
        if (found.state !== 'whole') return;
        const record = expiringSchema.safeParse(found.data);
        if (record.success && record.data.expireAt <= now()) await rm(file, { force: true });
      }),
    );
  };
}

export const ledger: Ledger = firestoreConfigured(env)
  ? firestoreLedger(firestore(env), env.FIRESTORE_TIMEOUT_MS)
  : fileLedger(env.LEDGER_DIR ?? join(process.cwd(), '.data'));
