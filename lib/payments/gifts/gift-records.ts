import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import type { SigningKeys } from '../../identity/signed-token';
import { amountSchema } from '../checkout/checkout';
import type { GiftRecorder } from '../confirm/claim-payment';

/**
 * A gift: a purchase paid for someone else. Its link (`/gift/{token}`) is a one-claim secret the server derives from
 * the purchase's signature with its signing key, so the giver's browser can be shown it again; the ledger keeps only
 * its hash, as the record's id (`gifts/{id}`), so a copy of the ledger opens no gift.
 */

/** Who claimed it: the wallet that proved itself (it restores the title later) and the browser granted it. */
const giftClaimSchema = z.object({ wallet: z.string(), browser: z.string(), at: z.string() });

export const giftSchema = z.object({
  /** The payment (`purchases/{signature}`); the title it bought is granted to no one until the gift is claimed. */
  signature: z.string(),
  path: z.string(),
  price: amountSchema,
  cluster: z.string(),
  /** The giver's browser: its purchases page lists the gift with its link. */
  giver: z.string(),
  createdAt: z.string(),
  claim: giftClaimSchema.optional(),
});
export type Gift = z.infer<typeof giftSchema>;
export type GiftClaim = z.infer<typeof giftClaimSchema>;

/** A gift's claim: granted (also a retry by the same wallet in the same browser), or why not. */
type GiftClaimOutcome = { ok: true; gift: Gift } | { ok: false; why: 'missing' | 'taken' };

/** The gift ledger; both stores (Firestore, files) claim atomically: one claimer wins, however many at once. */
export interface GiftLedger {
  /** Records a gift once by its id (a retry of the same purchase changes nothing). */
  create(id: string, gift: Gift): Promise<void>;
  get(id: string): Promise<Gift | null>;
  /** The gifts one browser bought on `cluster`, with their ids. */
  givenBy(giver: string, cluster: string): Promise<Array<Gift & { id: string }>>;
  /** The gifts a wallet claimed on `cluster`: it restores them as it restores its purchases. */
  claimedBy(wallet: string, cluster: string): Promise<Gift[]>;
  /** Marks the gift claimed by `claim` and grants its title to `claim.browser`, as one step (a transaction). */
  claim(id: string, claim: GiftClaim): Promise<GiftClaimOutcome>;
}

/** A link's secret: 43 base64url characters (an HMAC-SHA256); anything else names no gift (404, before any read). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isGiftToken = (token: string) => TOKEN.test(token);

const keyList = (keys: SigningKeys): readonly string[] => (typeof keys === 'string' ? [keys] : keys);

/** The gift's id as the ledger keeps it: the hash of its link's secret. */
export const giftId = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The secret of the gift `signature` paid for, by today's key. */
export const giftToken = (keys: SigningKeys, signature: string) => tokenWith(keyList(keys)[0]!, signature);
const tokenWith = (key: string, signature: string) => createHmac('sha256', key).update(`gift-link\n${signature}`).digest('base64url');

/** The secret of a recorded gift again (for its giver): by whichever key made it, so a key rotation keeps its link. */
export const tokenOfGift = (keys: SigningKeys, gift: Pick<Gift, 'signature'> & { id: string }) =>
  keyList(keys)
    .map((key) => tokenWith(key, gift.signature))
    .find((token) => giftId(token) === gift.id) ?? null;

/** The grant a claim gives: named by its purchase, so receipts and the studio find where it came from. */
export const giftGrantVia = (gift: Pick<Gift, 'signature'>) => `gift:${gift.signature}`;

/** Whether `claim` may take a gift already claimed by `held`: only its own retry (the same wallet, in the same browser). */
export const sameClaimer = (held: GiftClaim, claim: GiftClaim) => held.wallet === claim.wallet && held.browser === claim.browser;

/** A claimed gift purchase becomes its gift in `gifts`, by the hash of its link's secret (ClaimDeps.gifts). */
export const giftRecorderOf = (gifts: Pick<GiftLedger, 'create'>, keys: SigningKeys): GiftRecorder => ({
  record: (purchase, giver) =>
    gifts.create(giftId(giftToken(keys, purchase.signature)), {
      signature: purchase.signature,
      path: purchase.path,
      price: purchase.price,
      cluster: purchase.cluster,
      giver,
      createdAt: purchase.verifiedAt,
    }),
});
