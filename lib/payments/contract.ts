import type { ClusterName } from './cluster';

/**
 * The payment API's requests and answers, shared by the routes in app/api (which build them) and
 * lib/payments/browser/api.ts (which reads them). Types only: nothing here reaches a bundle.
 */

export interface CheckoutRequest {
  path: string;
}

export interface VerifyRequestBody {
  checkout: string;
  signature: string;
}

export interface TransferStatusRequest {
  checkout: string;
}

export interface RestoreChallengeRequest {
  wallet: string;
}

/** A signed Sign In With Solana answer to a restore challenge. */
export interface RestoreRequest {
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
  lamports: number;
  path: string;
  title: string;
  /**
   * Until when (ms since the epoch) the request is drawn as payable; the dialog then shows a fresh one.
   * A payment that still lands later is credited: the server keeps the checkout for 30 days.
   */
  expiresAt: number;
  /** The cluster the server found its RPC on (from the genesis hash), where this payment must be made. */
  network: ClusterName;
  /** The same checkout as a Solana Pay transfer request, for any wallet: its URL and QR code (SVG). */
  solanaPay: { url: string; qr: string };
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
  lamports: number;
  /** Where the purchase starts playing (a series: its first episode); null when it has no video yet. */
  play: VideoRef | null;
}

/** What this browser owns: purchased paths, each unlocking everything beneath it. */
export interface EntitlementsAnswer {
  paths: string[];
}

/** A playback link bound to this browser, short-lived: ask again after `renewIn` seconds. */
export interface PlaybackLinkAnswer {
  url: string;
  renewIn: number;
}

/** Where a Solana Pay checkout stands; once paid, the same answer as a verified Phantom payment. */
export type TransferStatusAnswer =
  | { state: 'waiting'; retryAfterMs: number }
  | { state: 'refused'; reason: string; retryAfterMs: number }
  | (VerifyAnswer & { state: 'paid' });

/** A Sign In With Solana request, as the server asks for it (SolanaSignInInput). */
export interface RestoreChallenge {
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
