import { codeOfStatus, isApiErrorCode, type ErrorCode } from '../../errors';
import type {
  CheckoutAnswer,
  CheckoutRequest,
  CodeQuoteAnswer,
  ScreenerAnswer,
  EntitlementsAnswer,
  GiftClaimAnswer,
  GiftClaimRequest,
  PlaybackLinkAnswer,
  SignInChallenge,
  SignInChallengeRequest,
  RestoredAnswer,
  SignInRequest,
  TransactionRequestAnswer,
  TransactionRequestBody,
  TransferStatusAnswer,
  TransferStatusRequest,
  VerifyAnswer,
  VerifyRequestBody,
} from '../contract';
import type { PurchaseKind } from '../checkout/offers';
import { START_RENTAL_WITHIN_MS } from '../ownership/rentals';
import { prime } from '../../media/primed';
import { paymentApi, studioApi, transactionRequestRoute } from '../../routes';

/** The browser's side of the payment routes in app/api. Errors carry the server's code and reason. */

export type { CheckoutAnswer, CodeQuoteAnswer, EntitlementsAnswer, ScreenerAnswer, TransferStatusAnswer, VerifyAnswer, VideoRef } from '../contract';

/** No answer at all (offline, the server unreachable), or one that names no code (a proxy's error page). */
type CallFailure = ErrorCode | 'network';

export class PaymentApiError extends Error {
  constructor(
    readonly code: CallFailure,
    message: string,
    /** The HTTP status, 0 without an answer: for logs; decisions read `code` (browser/verdict.ts). */
    readonly status: number,
    /**
     * Whether our server said this, in its `{ error, code }` shape. A gateway's or a platform's error page names no
     * code: its status only suggests one, and it is never the server's verdict on a payment.
     */
    readonly fromServer = false,
    /** When the answer said to ask again (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PaymentApiError';
  }

  /**
   * A title this browser owns that does not play now: a rental ended, a pre-order not out yet (the message is why).
   * Read here, not by its codes in PurchasesProvider: that is every page's first script, this module comes later.
   */
  get notPlayingNow(): boolean {
    return this.code === 'expired' || this.code === 'not_released';
  }
}

/** Retry-After in whole seconds, as our server sends it; anything else is no hint. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
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
    throw new PaymentApiError('network', `Network error: ${(error as Error).message}`, 0);
  }
  const data = (await response.json().catch(() => ({}))) as { error?: string; code?: unknown };
  if (!response.ok) {
    const ours = isApiErrorCode(data.code);
    const code = ours ? (data.code as ErrorCode) : codeOfStatus(response.status);
    throw new PaymentApiError(code, data.error ?? `HTTP ${response.status}`, response.status, ours, retryAfterOf(response));
  }
  return data as T;
}

/** A typed POST: the body's shape is the route's request type. */
const post =
  <Request, Answer>(url: string) =>
  (body: Request) =>
    call<Answer>(url, body);

/**
 * Requests that may give this browser its id (checkout, restore) go one at a time until one has been
 * answered: the cookie is http-only, so only an answer tells the page it holds one. Two sent at once
 * without a cookie (a QR checkout and a Pay click) would each be given an id, the last cookie set would
 * win, and the checkout made under the other would be "started in another browser". Pairing the two ids
 * on the server instead would need something telling a sibling from another browser at the same address,
 * and whatever a browser presents for that, someone else could present (nothing a browser receives may
 * be a credential for another: docs/security.md). Waiting one round trip, once a page, is simpler. A
 * refusal sets no cookie, so the next waiting request goes alone too.
 */
let identified = false;
/** The request that may be giving the id now; settles (never rejects) once it is answered, and clears itself. */
let giving: Promise<void> | null = null;

function mayGiveId<Request, Answer>(send: (body: Request) => Promise<Answer>) {
  return async (body: Request): Promise<Answer> => {
    while (!identified && giving) await giving;
    if (identified) return send(body);
    const sent = send(body);
    giving = sent
      .then(
        () => void (identified = true),
        () => undefined,
      )
      .then(() => void (giving = null));
    return sent;
  };
}

const checkout = mayGiveId(post<CheckoutRequest, CheckoutAnswer>(paymentApi.checkout));
const screenerCheckout = mayGiveId(post<CheckoutRequest, ScreenerAnswer>(paymentApi.checkout));
const verify = post<VerifyRequestBody, VerifyAnswer>(paymentApi.verify);
const status = post<TransferStatusRequest, TransferStatusAnswer>(paymentApi.status);
const challenge = mayGiveId(post<SignInChallengeRequest, SignInChallenge>(paymentApi.restoreChallenge));

/**
 * A checkout of one offer: `path` to own (`buy`) or to rent, at the price a studio `code` fixes where one is given;
 * `gift`: to own, for someone else (its payment gives a link).
 */
export const requestCheckout = (path: string, kind: PurchaseKind, { code, gift = false }: { code?: string; gift?: boolean } = {}) =>
  checkout({ path, kind, ...(code && { code }), ...(gift && { gift }) });
/** A screener code's checkout: the title unlocked in this browser, with no payment. */
export const unlockWithScreener = (path: string, kind: PurchaseKind, code: string) => screenerCheckout({ path, kind, code });
/** What a studio code makes an offer cost, or the server's reason it does not apply (PaymentApiError). */
export const quoteCode = (path: string, kind: PurchaseKind, code: string) => call<CodeQuoteAnswer>(paymentApi.codeQuote, { path, kind, code });
/** The transaction the server built for this checkout and wallet (the QR's transaction request); `expired`: the blockhash found expired. */
export const requestPaymentTransaction = (reference: string, account: string, expired?: string) =>
  call<TransactionRequestAnswer>(transactionRequestRoute(reference), { account, ...(expired && { expired }) } satisfies TransactionRequestBody);
export const verifySignature = (checkoutToken: string, signature: string) => verify({ checkout: checkoutToken, signature });
export const checkTransfer = (checkoutToken: string) => status({ checkout: checkoutToken });
export const fetchEntitlements = () => call<EntitlementsAnswer>(paymentApi.entitlements);
/** A link to play an owned video with; `starting` (the player opens now): a stream's first requests are asked for with it. */
export const fetchPlaybackLink = (videoPath: string, starting = false) =>
  call<PlaybackLinkAnswer>(paymentApi.playback(videoPath)).then((answer) => {
    if (starting && answer.start) prime([answer.url, ...answer.start]);
    return answer;
  });
export const requestRestoreChallenge = (wallet: string) => challenge({ wallet });
export const restoreWithSignature = mayGiveId(post<SignInRequest, RestoredAnswer>(paymentApi.restore));
const giftChallenge = mayGiveId(post<SignInChallengeRequest, SignInChallenge>(paymentApi.giftChallenge));
export const requestGiftChallenge = (wallet: string) => giftChallenge({ wallet });
export const claimGiftWithSignature = post<GiftClaimRequest, GiftClaimAnswer>(paymentApi.giftClaim);

/** What a verified payment grants, in the shape the page keeps: a rental runs from its first play; a gift, nothing here. */
export const grantOf = ({ path, kind, hours, gift }: VerifyAnswer): EntitlementsAnswer => ({
  paths: gift ? [] : [path],
  rentals: kind === 'rent' ? [{ path, hours: hours ?? 0, startedAt: null, endsAt: Date.now() + START_RENTAL_WITHIN_MS }] : [],
});

const studioChallenge = mayGiveId(post<SignInChallengeRequest, SignInChallenge>(studioApi.challenge));
export const requestStudioChallenge = (wallet: string) => studioChallenge({ wallet });
export const openStudioSession = post<SignInRequest, { wallet: string; expiresInSeconds: number }>(studioApi.session);
