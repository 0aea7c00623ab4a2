import type { Amount } from '../catalog/pricing';
import type { ClusterName } from './chain/cluster';
import type { PurchaseKind } from './checkout/offers';

/**
 * The payment API's requests and answers, shared by the routes in app/api (which build them) and
 * lib/payments/browser/api.ts (which reads them). Types only: nothing here reaches a bundle.
 */

export interface CheckoutRequest {
  path: string;
  /** To own (the default) or to rent, where the title offers it. */
  kind?: PurchaseKind;
  /** A studio code (case-insensitive): the checkout's price is fixed with it, a screener unlocks with no payment. */
  code?: string;
  /** For someone else: the payment makes a one-claim gift link instead of unlocking the title here. */
  gift?: boolean;
}

/** What a code makes a checkout's price, before anything is counted (POST /api/checkout/code). */
export interface CodeQuoteAnswer {
  code: string;
  /** "50 % off", "free (screener)". */
  off: string;
  price: Amount;
  /** A 100 % code: the checkout unlocks the title with no payment. */
  screener: boolean;
}

/** A checkout started with a screener code: the title is this browser's, with no payment. */
export interface ScreenerAnswer {
  screener: true;
  code: string;
  path: string;
  play: VideoRef | null;
}

export interface VerifyRequestBody {
  checkout: string;
  signature: string;
}

export interface TransferStatusRequest {
  checkout: string;
}

export interface SignInChallengeRequest {
  wallet: string;
}

/** A signed Sign In With Solana answer to a challenge (a restore's, the studio's). */
export interface SignInRequest {
  token: string;
  signedMessage: string;
  signature: string;
}

export interface RestoredAnswer {
  wallet: string;
  restored: string[];
  /** The wallet has older history still to read: signing again goes on from where this restore stopped. */
  more: boolean;
}

export interface CheckoutAnswer {
  checkout: string;
  reference: string;
  recipient: string;
  /** What this checkout charges, fixed when it started: the title's price, or the difference after a rental. */
  price: Amount;
  kind: PurchaseKind;
  /** A rental's length, from its first play. */
  hours?: number;
  /** A USDC price: the SPL mint it is paid in (transferChecked to the recipient's associated token account). */
  mint?: string;
  path: string;
  title: string;
  /**
   * Until when (ms since the epoch) the request is drawn as payable; the dialog then shows a fresh one.
   * A payment that still lands later is credited: the server keeps the checkout for 30 days.
   */
  expiresAt: number;
  /** The cluster the server found its RPC on (from the genesis hash), where this payment must be made. */
  network: ClusterName;
  /**
   * The same checkout for any wallet: a Solana Pay transaction request (the site builds the transaction) with its QR
   * code (SVG), and a transfer request for wallets without transaction requests.
   */
  solanaPay: { url: string; qr: string; transferUrl: string };
}

/** A transaction request's POST (Solana Pay): the buyer's wallet, and the blockhash its wallet found expired, if it did. */
export interface TransactionRequestBody {
  account: string;
  expired?: string;
}

/** The transaction the buyer signs (base64, unsigned, the buyer as fee payer), with its lifetime. */
export interface TransactionRequestAnswer {
  transaction: string;
  message: string;
  blockhash: string;
  lastValidBlockHeight: number;
}

/** A video by its catalog path; its link is asked for when it plays. */
export interface VideoRef {
  path: string;
  title: string;
}

export interface VerifyAnswer {
  path: string;
  signature: string;
  /** What the verified transaction paid. */
  price: Amount;
  kind: PurchaseKind;
  /** A rental's length, from its first play. */
  hours?: number;
  /** Where the purchase starts playing (a series: its first episode); null when it has no video yet, and for a gift. */
  play: VideoRef | null;
  /** A gift: the link to send (it unlocks the title for the first wallet that claims it), instead of playing here. */
  gift?: { link: string };
}

/** The gift page's claim: its link's secret, and the signed Sign In With Solana answer proving the claiming wallet. */
export interface GiftClaimRequest extends SignInRequest {
  gift: string;
}

/** A claimed gift: what it unlocked in this browser, and where it starts playing. */
export interface GiftClaimAnswer {
  path: string;
  play: VideoRef | null;
}

/** A rental this browser holds, on the server's clock. */
interface RentalAnswer {
  path: string;
  hours: number;
  /** Its first play; null before, when it runs from the next play. */
  startedAt: number | null;
  /** When it stops playing (started), or by when it must be started. */
  endsAt: number;
}

/**
 * What this browser may play: owned paths and rentals still playing, each unlocking everything beneath it; and
 * every rental it holds (playing or ended), so the page can say how long is left, or offer to rent again or buy.
 */
export interface EntitlementsAnswer {
  paths: string[];
  rentals: RentalAnswer[];
}

/** A playback link bound to this browser, short-lived: ask again after `renewIn` seconds. */
export interface PlaybackLinkAnswer {
  url: string;
  renewIn: number;
  /** A packaged stream's first requests after its master (rendition playlist, key, first segment), to ask for at once. */
  start?: string[];
}

/** Where a Solana Pay checkout stands; once paid, the same answer as a verified Phantom payment. */
export type TransferStatusAnswer =
  | { state: 'waiting'; retryAfterMs: number }
  | { state: 'refused'; reason: string; retryAfterMs: number }
  | (VerifyAnswer & { state: 'paid' });

/** A Sign In With Solana request, as the server asks for it (SolanaSignInInput). */
export interface SignInChallenge {
  token: string;
  input: {
    domain: string;
    address: string;
    statement: string;
    uri: string;
    version: string;
    chainId: string;
    nonce: string;
    issuedAt: string;
    expirationTime: string;
  };
}
