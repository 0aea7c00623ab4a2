import 'server-only';
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { withDeadline } from '../deadline';
import { env } from '../env/server';
import { firestore, firestoreConfigured } from '../firebase';
import { countReads, whileReading } from '../firestore-reads';
import { storedCheckoutSchema, type StoredCheckout } from './checkout';

const purchaseSchema = z.object({
  signature: z.string(),
  wallet: z.string(),
  path: z.string(),
  lamports: z.number(),
  slot: z.number(),
  blockTime: z.number().nullable(),
  verifiedAt: z.string(),
  reference: z.string(),
  /** The browser that claimed it; absent on purchases recorded before browsers were remembered. */
  browser: z.string().optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** A title path this browser may play, and how it got it (a purchase signature, or a wallet's restore). */
const grantSchema = z.object({ browser: z.string(), path: z.string(), via: z.string(), grantedAt: z.string() });
export type Grant = z.infer<typeof grantSchema>;

/**
 * The purchase ledger: `purchases/{signature}` created once, never overwritten,
 * `entitlements/{browser}~{hash of path}`: what each browser owns, however many titles, and
 * `checkouts/{reference}`: every checkout started, so a payment found later is still credited.
 */
export interface Ledger {
  /** Atomically records a purchase; false when the signature was already claimed. */
  create(purchase: Purchase): Promise<boolean>;
  get(signature: string): Promise<Purchase | null>;
  byWallet(wallet: string): Promise<Purchase[]>;
  /** Spends a one-time restore nonce; false when it was spent before. */
  spendNonce(nonce: string): Promise<boolean>;
  /** Remembers that `browser` owns `path`; granting it again changes nothing. */
  grant(browser: string, path: string, via: string): Promise<void>;
  /** Every grant `browser` holds: what, how (a purchase signature, `restore:{wallet}`, …) and when. */
  grantsOf(browser: string): Promise<Grant[]>;
  /** Every path `browser` owns. */
  ownedBy(browser: string): Promise<string[]>;
  /** Keeps a checkout by its reference; false when that reference was recorded before. */
  recordCheckout(checkout: StoredCheckout): Promise<boolean>;
  checkoutOf(reference: string): Promise<StoredCheckout | null>;
}

const ALREADY_EXISTS = 6;

/** One document per (browser, path): a fixed-length id, whatever the path's length or characters. */
const grantId = (browser: string, path: string) => `${browser}~${createHash('sha256').update(path).digest('base64url').slice(0, 32)}`;

function parseWith<S extends z.ZodType>(schema: S, data: unknown, where: string): z.output<S> | null {
  const result = schema.safeParse(data);
  if (!result.success) console.warn(`[ledger] skipped ${where}: ${result.error.issues[0]?.message}`);
  return result.success ? result.data : null;
}

const present = <T>(value: T | null): value is T => value !== null;
const unique = (paths: string[]) => [...new Set(paths)];

/** ownedBy from grantsOf: one definition for every ledger. */
const withOwnedBy = (store: Omit<Ledger, 'ownedBy'>): Ledger => ({
  ...store,
  ownedBy: async (browser) => unique((await store.grantsOf(browser)).map((grant) => grant.path)),
});

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
  return withOwnedBy({
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
    spendNonce: (nonce) => createOnce(`restoreNonces/${nonce}`, { spentAt: new Date().toISOString() }),
    async grant(browser, path, via) {
      await createOnce(`entitlements/${grantId(browser, path)}`, { browser, path, via, grantedAt: new Date().toISOString() });
    },
    async grantsOf(browser) {
      const snapshot = await read(db.collection('entitlements').where('browser', '==', browser).get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(grantSchema, doc.data(), doc.ref.path)).filter(present);
    },
    recordCheckout: (checkout) => createOnce(`checkouts/${checkout.reference}`, checkout),
    async checkoutOf(reference) {
      const snapshot = await read(db.doc(`checkouts/${reference}`).get(), 'read');
      countReads(1);
      return snapshot.exists ? parseWith(storedCheckoutSchema, snapshot.data(), snapshot.ref.path) : null;
    },
  });
}

/** Files created with O_EXCL: the same create-once guarantee as Firestore's create(), for a site without Firestore. */
export function fileLedger(dir: string): Ledger {
  const purchases = join(dir, 'purchases');
  const nonces = join(dir, 'restore-nonces');
  const checkouts = join(dir, 'checkouts');
  const grants = (browser: string) => join(dir, 'entitlements', browser);
  const createOnce = async (folder: string, name: string, data: object) => {
    await mkdir(folder, { recursive: true });
    try {
      const handle = await open(join(folder, `${name}.json`), 'wx');
      await handle.writeFile(JSON.stringify(data));
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  const readAll = async <S extends z.ZodType>(folder: string, schema: S, files?: string[]) => {
    const names = files ?? (await readdir(folder).catch(() => [] as string[]));
    const all = await Promise.all(
      names.map(async (name) => {
        const text = await readFile(join(folder, name), 'utf8').catch(() => null);
        if (text === null) return null;
        try {
          return parseWith(schema, JSON.parse(text), name);
        } catch {
          return parseWith(schema, null, name);
        }
      }),
    );
    return all.filter(present);
  };
  return withOwnedBy({
    create: (purchase) => createOnce(purchases, purchase.signature, purchase),
    get: async (signature) => (await readAll(purchases, purchaseSchema, [`${signature}.json`]))[0] ?? null,
    byWallet: async (wallet) => (await readAll(purchases, purchaseSchema)).filter((p) => p.wallet === wallet),
    spendNonce: (nonce) => createOnce(nonces, nonce, { spentAt: new Date().toISOString() }),
    async grant(browser, path, via) {
      await createOnce(grants(browser), grantId(browser, path), { browser, path, via, grantedAt: new Date().toISOString() });
    },
    grantsOf: (browser) => readAll(grants(browser), grantSchema),
    recordCheckout: (checkout) => createOnce(checkouts, checkout.reference, checkout),
    checkoutOf: async (reference) => (await readAll(checkouts, storedCheckoutSchema, [`${reference}.json`]))[0] ?? null,
  });
}

export const ledger: Ledger = firestoreConfigured(env)
  ? firestoreLedger(firestore(env), env.FIRESTORE_TIMEOUT_MS)
  : fileLedger(env.LEDGER_DIR ?? join(process.cwd(), '.data'));
