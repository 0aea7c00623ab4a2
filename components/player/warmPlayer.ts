'use client';

/**
 * The player's code is fetched before the click that needs it (issue 44), at the low priority of a lazy chunk:
 * - on a title's page, where Play is the page's own action, once the page has settled (PlayerPrefetch.tsx: loaded, then
 *   a second without a request finishing, so after its first paint and after the network idle the script budget is
 *   counted to). Not for a list of cards (the home page's rows), where a visitor has not chosen yet: evaluating 120 KB
 *   of code there cost the home page its Lighthouse score;
 * - at once, at the first sign of intent: a pointer over a Play button (a touch on it included), its focus, with the
 *   stream's master playlist beside it: a click always follows one of those, so nothing waits for the click.
 * A page without a Play button never calls this module, and fetches nothing of the player. What a kind of source
 * needs beyond the player (hls.js for a stream) is decided in the player's own chunk (PlayerModal.tsx: warm), so
 * every page carries one small loader, not one per kind.
 */

/** The modal, VideoPlayer and react-player (which plays files itself). */
export const loadPlayer = () => import('./PlayerModal');

/** Fetches the code that plays `src` (a locked title's link is unknown until asked: the player's own code then). */
export const warmPlayer = (src: string) => void loadPlayer().then((player) => player.warm(src));

/**
 * A sign of intent (a pointer over Play, a touch on it, its focus; every click follows one): the code and, for a
 * public stream, its master playlist, asked for at once. The playlist is public and immutable (next.config.ts), so
 * hls.js's own request after the click is answered by the HTTP cache, or joins this one in flight.
 */
export function intendPlay(src: string) {
  warmPlayer(src);
  if (/^\/[^/].*\.m3u8$/.test(src)) void fetch(src);
}
