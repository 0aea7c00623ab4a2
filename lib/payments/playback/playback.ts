import { z } from 'zod';
import { isProtected, videoSource } from '../../media/source';
import { holderOf, isHolder, readToken, signToken, type SigningKeys } from '../../identity/signed-token';
import { refuse, type Refusal } from '../../errors';
import { mediaLink } from '../../routes';

const PURPOSE = 'media';

/**
 * What a playback link grants: one catalog video, to one browser, until `exp`, because that browser owns `owner`.
 * The browser is named by its holder digest, never its id: a leaked link gives nobody a key to the library.
 * The link names no file: the media route takes the file from the catalog entry, so no signed token,
 * even one a leaked key made, can point at a private file no video of the catalog plays.
 */
const claimSchema = z.object({
  video: z.string(),
  owner: z.string(),
  holder: z.string(),
  exp: z.number(),
  /** `exp` is the end of a rental: past it, the link says so. */
  rental: z.literal(true).optional(),
});
type MediaClaim = z.infer<typeof claimSchema>;

export interface LinkTerms {
  secret: SigningKeys;
  browser: string;
  /** Lifetime of a link, in seconds. */
  ttl: number;
  /** A rental's end (ms): no link outlives it. */
  until?: number;
  now?: number;
}

/**
 * The URL a browser plays an owned video with. Public URLs pass through (they protect nothing);
 * private files and Cloud Storage objects get a signed link to /api/media bound to this browser.
 * The file name at the end lets players recognise the format. null: the source is unusable.
 */
export function playbackUrl(video: { path: string; videourl: string }, owner: string, terms: LinkTerms): string | null {
  const source = videoSource(video.videourl);
  if (!source) return null;
  if (!isProtected(source)) return source.url;
  const exp = Math.floor((terms.now ?? Date.now()) / 1000) + terms.ttl;
  const rentalEnd = terms.until === undefined ? Infinity : Math.floor(terms.until / 1000);
  const holder = holderOf(terms.secret, PURPOSE, terms.browser);
  const claim: MediaClaim = rentalEnd < exp ? { video: video.path, owner, holder, exp: rentalEnd, rental: true } : { video: video.path, owner, holder, exp };
  return mediaLink(signToken(terms.secret, PURPOSE, claim), source.name);
}

/**
 * How long a Cloud Storage signed URL made for this link may live (`longest`: SIGNED_URL_SECONDS): a bearer URL,
 * so a rental's ends with the rental, as its link does.
 */
export function storageUrlSeconds(claim: MediaClaim, longest: number, now = Date.now()): number {
  return claim.rental ? Math.max(1, Math.min(longest, claim.exp - Math.floor(now / 1000))) : longest;
}

/** When the page should ask for fresh links: well before they run out. */
export const renewAfterSeconds = (ttl: number) => Math.max(5, Math.floor(ttl * 0.8));

/** A playback link that checked out: what it grants, for the media route to serve. */
export type CheckedLink = { ok: true; claim: MediaClaim };
export type LinkCheck = CheckedLink | Refusal;

/** The checks that need no ledger: signature, expiry, and the browser the link was made for. */
export function checkPlaybackLink(secret: SigningKeys, token: string, browser: string | null, now = Date.now()): LinkCheck {
  const claim = token.length <= 4096 ? readToken(secret, PURPOSE, token, claimSchema) : null;
  if (!claim) return refuse('forbidden', 'This playback link is not valid: it was altered or never issued here.');
  if (claim.exp * 1000 <= now && claim.rental) return refuse('expired', 'Your rental of this title has ended. Rent it again or buy it.');
  if (claim.exp * 1000 <= now) return refuse('forbidden', 'This playback link expired. Reload the page to get a fresh one.');
  if (!isHolder(secret, PURPOSE, browser, claim.holder))
    return refuse('forbidden', 'This playback link belongs to another browser. Buy or restore the title in this one.');
  return { ok: true, claim };
}
