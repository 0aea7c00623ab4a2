import 'server-only';
import { join } from 'node:path';
import { env } from '../../env/server';
import { firestore, firestoreConfigured } from '../../firebase-admin-app';
import { fileLedger } from './file-ledger';
import { firestoreLedger } from './firestore-ledger';
import type { Ledger } from './ledger-records';

export { fileLedger } from './file-ledger';
export { firestoreLedger } from './firestore-ledger';
export type { ExtraPayment, Grant, Ledger, Purchase, RecipientTransfer, SalesCursor, WalletScan } from './ledger-records';

/** Where the file ledger keeps its records (without Firestore). */
export const ledgerDir = env.LEDGER_DIR ?? join(process.cwd(), '.data');

/** The site's purchase ledger: Firestore where it is configured, files beside the app otherwise (lib/payments/ledger/ledger-records.ts). */
export const ledger: Ledger = firestoreConfigured(env) ? firestoreLedger(firestore(env), env.FIRESTORE_TIMEOUT_MS) : fileLedger(ledgerDir);
