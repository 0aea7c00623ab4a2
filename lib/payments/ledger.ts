import 'server-only';
import { join } from 'node:path';
import { env } from '../env/server';
import { firestore, firestoreConfigured } from '../firebase';
import { fileLedger } from './ledger-files';
import { firestoreLedger } from './ledger-firestore';
import type { Ledger } from './ledger-records';

export { fileLedger } from './ledger-files';
export { firestoreLedger } from './ledger-firestore';
export type { ExtraPayment, Grant, Ledger, Purchase, RecipientTransfer, SalesCursor, WalletScan } from './ledger-records';

/** The site's purchase ledger: Firestore where it is configured, files beside the app otherwise (lib/payments/ledger-records.ts). */
export const ledger: Ledger = firestoreConfigured(env)
  ? firestoreLedger(firestore(env), env.FIRESTORE_TIMEOUT_MS)
  : fileLedger(env.LEDGER_DIR ?? join(process.cwd(), '.data'));
