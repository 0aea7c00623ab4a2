import type { ClusterName } from '../cluster';

/** The browser's side of the payment routes in app/api. Errors carry the server's reason and status. */

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

export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentApiError';
  }

  /** Worth trying again later: the server or the chain was unreachable, nothing was refused. */
  get retryable() {
    return this.status === 0 || this.status === 503 || this.status >= 500;
  }
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(
      url,
      body === undefined
        ? { cache: 'no-store' }
        : {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
  } catch (error) {
    throw new PaymentApiError(0, `Network error: ${(error as Error).message}`);
  }
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new PaymentApiError(response.status, data.error ?? `HTTP ${response.status}`);
  return data as T;
}

export const requestCheckout = (path: string) => call<CheckoutAnswer>('/api/checkout', { path });
export const verifySignature = (checkout: string, signature: string) => call<VerifyAnswer>('/api/payments/verify', { checkout, signature });
export const checkTransfer = (checkout: string) => call<TransferStatusAnswer>('/api/payments/status', { checkout });
export const fetchEntitlements = () => call<EntitlementsAnswer>('/api/entitlements');
export const fetchPlaybackLink = (videoPath: string) => call<PlaybackLinkAnswer>(`/api/playback?video=${encodeURIComponent(videoPath)}`);
export const requestRestoreChallenge = (wallet: string) => call<RestoreChallenge>('/api/restore/challenge', { wallet });
/** `more`: the wallet's history holds more than one restore reads; restoring again reads on from there. */
interface RestoreAnswer {
  wallet: string;
  restored: string[];
  more: boolean;
}

export const restoreWithSignature = (answer: { token: string; signedMessage: string; signature: string }) => call<RestoreAnswer>('/api/restore', answer);

/** What a verified payment grants, in the shape the page keeps. */
export const grantOf = ({ path }: VerifyAnswer): EntitlementsAnswer => ({ paths: [path] });
