import 'server-only';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { withDeadline } from '../../deadline';
import { countReads, whileReading } from '../../firestore-reads';
import { grantId, parseWith, present } from '../ledger/ledger-records';
import { giftGrantVia, giftSchema, sameClaimer, type GiftLedger } from './gift-records';

const ALREADY_EXISTS = 6;

/**
 * Gifts in Firestore (`gifts/{id}`, the id the hash of the link's secret). A claim is one transaction: it reads the
 * gift and the claimer's grant, and writes the claim with the grant (`entitlements/…`, as a purchase's), so two claims
 * at once cannot both win: Firestore retries the loser, which then reads the winner's claim.
 */
export function giftFirestore(db: Firestore, timeoutMs: number): GiftLedger {
  const bounded = <T>(work: Promise<T>, what: string) => withDeadline(work, timeoutMs, `gifts ${what}`);
  const read = <T>(work: Promise<T>, what: string) => whileReading(bounded(work, what));
  const parsed = (doc: DocumentSnapshot) => (doc.exists ? parseWith(giftSchema, doc.data(), doc.ref.path) : null);
  const query = async (field: string, value: string, cluster: string) => {
    const snapshot = await read(db.collection('gifts').where(field, '==', value).get(), 'query');
    countReads(snapshot.size);
    return snapshot.docs.map((doc) => {
      const gift = parsed(doc);
      return gift && gift.cluster === cluster ? { ...gift, id: doc.id } : null;
    });
  };
  return {
    async create(id, gift) {
      try {
        await bounded(db.doc(`gifts/${id}`).create(gift), 'create');
      } catch (error) {
        if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
      }
    },
    async get(id) {
      const snapshot = await read(db.doc(`gifts/${id}`).get(), 'read');
      countReads(1);
      return parsed(snapshot);
    },
    givenBy: async (giver, cluster) => (await query('giver', giver, cluster)).filter(present),
    claimedBy: async (wallet, cluster) => (await query('claim.wallet', wallet, cluster)).filter(present),
    claim: (id, claim) =>
      bounded(
        db.runTransaction(async (transaction) => {
          const giftRef = db.doc(`gifts/${id}`);
          const gift = parsed(await transaction.get(giftRef));
          countReads(1);
          if (!gift) return { ok: false as const, why: 'missing' as const };
          if (gift.claim && !sameClaimer(gift.claim, claim)) return { ok: false as const, why: 'taken' as const };
          const via = giftGrantVia(gift);
          const grantRef = db.doc(`entitlements/${grantId(claim.browser, gift.path, gift.cluster, 'own', via)}`);
          const granted = await transaction.get(grantRef);
          countReads(1);
          const held = gift.claim ?? claim;
          if (!gift.claim) transaction.update(giftRef, { claim });
          // A browser that owns the title already keeps its grant (and the receipt it names).
          if (!granted.exists)
            transaction.create(grantRef, { browser: claim.browser, path: gift.path, via, cluster: gift.cluster, kind: 'own', grantedAt: claim.at });
          return { ok: true as const, gift: { ...gift, claim: held } };
        }),
        'claim',
      ),
  };
}
