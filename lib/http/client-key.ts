/**
 * Which address a request comes from, as far as the deployment can vouch for it. `next start`
 * keeps an X-Forwarded-For the client sent (it fills the header in only when there is none), and
 * route handlers never see the socket, so every entry a trusted proxy did not write is the client's
 * own words.
 */
export interface ProxyTrust {
  /** Proxies in front of the site that each append the address they saw (TRUSTED_PROXY_HOPS). */
  hops: number;
  /** On Vercel (VERCEL=1), whose edge sets x-real-ip and x-vercel-forwarded-for to the client's address and drops what the client sent. */
  vercel: boolean;
}

const MAX_KEY_LENGTH = 100;

/**
 * With no platform header and no trusted proxy, every client shares this one key: a key the client
 * picks would let it reset its own budget at will, so one shared budget is the safe reading.
 */
export const UNTRUSTED_CLIENT = 'unattributed';

function platformAddress(request: Request): string | undefined {
  const forwarded = request.headers.get('x-vercel-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip')?.trim() || undefined;
}

/**
 * The client's key for rate limits: on Vercel its header; behind N trusted proxies the N-th
 * X-Forwarded-For entry from the right (the address the outermost trusted proxy saw; with fewer
 * entries, the left-most one, since all of them were written by trusted hops); else UNTRUSTED_CLIENT.
 */
export function clientKeyOf(request: Request, trust: ProxyTrust): string {
  const fromPlatform = trust.vercel ? platformAddress(request) : undefined;
  if (fromPlatform) return fromPlatform.slice(0, MAX_KEY_LENGTH);
  if (trust.hops === 0) return UNTRUSTED_CLIENT;
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const seen = entries[Math.max(0, entries.length - trust.hops)];
  return (seen ?? UNTRUSTED_CLIENT).slice(0, MAX_KEY_LENGTH);
}
