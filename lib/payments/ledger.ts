import 'server-only';
import { mkdir, open, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { env } from '../env';
import { firestore, firestoreConfigured } from '../firebase';

export const purchaseSchema = z.object({
  signature: z.string(),
  wallet: z.string(),
  path: z.string(),
  lamports: z.number(),
  slot: z.number(),
  blockTime: z.number().nullable(),
  verifiedAt: z.string(),
  reference: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** The purchase ledger: `purchases/{signature}` created once, never overwritten. */
export interface Ledger {
  /** Atomically records a purchase; false when the signature was already claimed. */
  create(purchase: Purchase): Promise<boolean>;
  get(signature: string): Promise<Purchase | null>;
  byWallet(wallet: string): Promise<Purchase[]>;
  /** Spends a one-time restore nonce; false when it was spent before. */
  spendNonce(nonce: string): Promise<boolean>;
}

const ALREADY_EXISTS = 6;

function parsePurchase(data: unknown, where: string): Purchase | null {
  const result = purchaseSchema.safeParse(data);
  if (!result.success) console.warn(`[ledger] skipped ${where}: ${result.error.issues[0]?.message}`);
  return result.success ? result.data : null;
}

export function firestoreLedger(db: Firestore): Ledger {
  const createOnce = async (path: string, data: object) => {
    try {
      await db.doc(path).create(data);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
      throw error;
    }
  };
  return {
    create: (purchase) => createOnce(`purchases/${purchase.signature}`, purchase),
    async get(signature) {
      const snapshot = await db.doc(`purchases/${signature}`).get();
      return snapshot.exists ? parsePurchase(snapshot.data(), snapshot.ref.path) : null;
    },
    async byWallet(wallet) {
      const snapshot = await db.collection('purchases').where('wallet', '==', wallet).get();
      return snapshot.docs.map((doc) => parsePurchase(doc.data(), doc.ref.path)).filter((p): p is Purchase => p !== null);
    },
    spendNonce: (nonce) => createOnce(`restoreNonces/${nonce}`, { spentAt: new Date().toISOString() }),
  };
}

/** Files created with O_EXCL: the same create-once guarantee as Firestore's create(), for a site without Firestore. */
export function fileLedger(dir: string): Ledger {
  const purchases = join(dir, 'purchases');
  const nonces = join(dir, 'restore-nonces');
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
  const read = async (file: string) => {
    try {
      return parsePurchase(JSON.parse(await readFile(join(purchases, file), 'utf8')), file);
    } catch {
      return null;
    }
  };
  return {
    create: (purchase) => createOnce(purchases, purchase.signature, purchase),
    get: (signature) => read(`${signature}.json`),
    async byWallet(wallet) {
      const files = await readdir(purchases).catch(() => [] as string[]);
      const all = await Promise.all(files.map(read));
      return all.filter((p): p is Purchase => p?.wallet === wallet);
    },
    spendNonce: (nonce) => createOnce(nonces, nonce, { spentAt: new Date().toISOString() }),
  };
}

export const ledger: Ledger = firestoreConfigured(env)
  ? firestoreLedger(firestore(env))
  : fileLedger(env.LEDGER_DIR ?? join(process.cwd(), '.data'));
