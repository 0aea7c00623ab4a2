import 'server-only';
import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { withDeadline } from '../../deadline';
import { countReads, whileReading } from '../../firestore-reads';
import { keptUntil, storedCheckoutSchema } from '../checkout/checkout';
import {
  creditSchema,
  extraPaymentSchema,
  grantId,
  grantSchema,
  keepScan,
  onCluster,
  parseWith,
  present,
  purchaseSchema,
  recipientTransferSchema,
  rentalSchema,
  TRANSFER_COLLECTIONS,
  walletScanSchema,
  type Ledger,
} from './ledger-records';

const ALREADY_EXISTS = 6;

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
  const creditOf = async (reference: string) => {
    const snapshot = await read(db.doc(`checkoutCredits/${reference}`).get(), 'read');
    countReads(1);
    return snapshot.exists ? (parseWith(creditSchema, snapshot.data(), snapshot.ref.path)?.signature ?? null) : null;
  };
  // What Firestore's TTL policy on `expireAt` deletes (docs/payments.md); reads ignore what it has not deleted yet.
  const expireAt = (ms: number) => Timestamp.fromMillis(ms);
  return onCluster({
    create: (purchase) => createOnce(`purchases/${purchase.signature}`, purchase),
    async creditCheckout(reference, signature) {
      if (await createOnce(`checkoutCredits/${reference}`, { signature, creditedAt: new Date().toISOString() })) return signature;
      return (await creditOf(reference)) ?? signature;
    },
    creditOf,
    async noteExtraPayment(payment) {
      await createOnce(`extraPayments/${payment.signature}`, payment);
    },
    async extraPayments(cluster, limit) {
      const snapshot = await read(db.collection('extraPayments').where('cluster', '==', cluster).orderBy('at', 'desc').limit(limit).get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(extraPaymentSchema, doc.data(), doc.ref.path)).filter(present);
    },
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
    async noteTransfer(transfer, list) {
      await createOnce(`${TRANSFER_COLLECTIONS[list]}/${transfer.signature}`, transfer);
    },
    async transfersIn(list, cluster, limit) {
      const query = db.collection(TRANSFER_COLLECTIONS[list]).where('cluster', '==', cluster).orderBy('at', 'desc').limit(limit);
      const snapshot = await read(query.get(), 'query');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(recipientTransferSchema, doc.data(), doc.ref.path)).filter(present);
    },
    async smallestAsked(cluster, currency) {
      // One read, whatever the number of checkouts: the index on (cluster, price.currency, price.units) answers it.
      const query = db.collection('checkouts').where('cluster', '==', cluster).where('price.currency', '==', currency).orderBy('price.units').limit(1);
      const snapshot = await read(query.get(), 'query');
      countReads(Math.max(1, snapshot.size));
      const found = snapshot.docs[0];
      return found ? (parseWith(storedCheckoutSchema, found.data(), found.ref.path)?.price.units ?? null) : null;
    },
  });
}
