import { CHECKOUT_KEPT_MS } from '../checkout/checkout-kept';
import type { PaymentApiError } from './api';

/**
 * The server's final verdict on a checkout or its transaction: another browser's checkout (forbidden), a
 * transaction claimed for another purchase or a checkout of another cluster (conflict), a gone one (expired),
 * a transaction that failed or paid the wrong thing (payment_refused).
 */
const FINAL = new Set<PaymentApiError['code']>(['forbidden', 'conflict', 'expired', 'payment_refused']);
/** A signature still not found a day after it was signed never landed (its blockhash expired within minutes). */
const NEVER_LANDED_MS = 24 * 60 * 60_000;

/**
 * The one rule for dropping a payment this browser keeps (a signed Phantom payment, a QR checkout): only
 * the server's final verdict on that checkout drops it, in the server's own words (an answer naming its code:
 * a gateway's 403 or 410 is no verdict). Everything else is asked again later: a request that reached the
 * server without this browser's cookie (unauthenticated), limits
 * (rate_limited), outages (unavailable, network), a planted cookie beside this one (browser_conflict,
 * until it is gone), a transaction the server's RPC has not seen yet (not_found, for a day), and an
 * unknown checkout (invalid_request) while the server may still keep it: a server that lost the key the
 * checkout was signed with in a rotation answers that too.
 */
export function isFinalVerdict(error: PaymentApiError, savedAt: number, now = Date.now()): boolean {
  if (!error.fromServer) return false;
  if (FINAL.has(error.code)) return true;
  if (error.code === 'invalid_request') return now - savedAt > CHECKOUT_KEPT_MS;
  if (error.code === 'not_found') return now - savedAt > NEVER_LANDED_MS;
  return false;
}
