import 'server-only';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { keptUntil, storedCheckoutSchema } from '../checkout/checkout';
import {
  creditSchema,
  extraPaymentSchema,
  grantId,
  grantSchema,
  keepScan,
  newestFirst,
  onCluster,
  parseWith,
  present,
  purchaseSchema,
  recipientTransferSchema,
  rentalSchema,
  walletScanSchema,
  type Ledger,
} from './ledger-records';
import { createRecordFile, readRecordFile, replaceRecordFile } from '../../record-files';

/** Files written whole and put in place once (lib/record-files.ts): the same create-once guarantee as Firestore's create(), for a site without Firestore. */
export function fileLedger(dir: string): Ledger {
  const purchases = join(dir, 'purchases');
  const nonces = join(dir, 'restore-nonces');
  const checkouts = join(dir, 'checkouts');
  const scans = join(dir, 'wallet-scans');
  const rentals = join(dir, 'rentals');
  // Unclaimed ones keep the folder all transfers shared before.
  const transfers = { unclaimed: join(dir, 'recipient-transfers'), stray: join(dir, 'stray-transfers'), dust: join(dir, 'dust-transfers') };
  const credits = join(dir, 'checkout-credits');
  const extras = join(dir, 'extra-payments');
  const grants = (browser: string) => join(dir, 'entitlements', browser);
  // Outside every folder the ledger lists, on the same disk (a link or rename cannot cross disks).
  const tmp = join(dir, '.tmp');
  const prune = expiringFolders();
  const createOnce = (folder: string, name: string, data: object) => createRecordFile(join(folder, `${name}.json`), data, tmp);
  const creditOf = async (reference: string) => (await readAll(credits, creditSchema, [`${reference}.json`]))[0]?.signature ?? null;
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
    async creditCheckout(reference, signature) {
      if (await createOnce(credits, reference, { signature, creditedAt: new Date().toISOString() })) return signature;
      return (await creditOf(reference)) ?? signature;
    },
    creditOf,
    async noteExtraPayment(payment) {
      await createOnce(extras, payment.signature, payment);
    },
    extraPayments: async (cluster, limit) =>
      (await readAll(extras, extraPaymentSchema))
        .filter((payment) => payment.cluster === cluster)
        .sort((a, b) => b.at - a.at)
        .slice(0, limit),
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
    async noteTransfer(transfer, list) {
      await createOnce(transfers[list], transfer.signature, transfer);
    },
    transfersIn: async (list, cluster, limit) =>
      (await readAll(transfers[list], recipientTransferSchema))
        .filter((transfer) => transfer.cluster === cluster)
        .sort((a, b) => b.at - a.at)
        .slice(0, limit),
    async smallestAsked(cluster, currency) {
      const asked = (await readAll(checkouts, storedCheckoutSchema))
        .filter((checkout) => checkout.cluster === cluster && checkout.price.currency === currency)
        .map((checkout) => checkout.price.units);
      return asked.length > 0 ? Math.min(...asked) : null;
    },
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
