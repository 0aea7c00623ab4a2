/**
 * A stream's first requests, asked for before its player exists (issue 44): once a buyer's link arrives, the master
 * playlist, the first rendition's playlist, its key and its first segment are fetched together, where hls.js would
 * ask for them one after another (master, then rendition, then key and segment), each a round trip on a phone.
 * The player's loader (components/player/hlsDefaults.ts) takes each answer from here instead of asking again.
 * Browser-only, and nothing of it is kept long: an answer is dropped when the player closes, or KEPT_MS after it was asked for.
 */

export interface PrimedAnswer {
  url: string;
  status: number;
  data: ArrayBuffer;
  /** performance.now() when it was asked for, its first byte, its last: what hls.js's bandwidth estimate reads. */
  start: number;
  first: number;
  end: number;
}

/** Long enough for a player opening on a phone to take them; a link itself lives for hours. */
const KEPT_MS = 30_000;
const primed = new Map<string, Promise<PrimedAnswer | null>>();

const absolute = (url: string) => new URL(url, location.href).href;

/** Fetches every URL at once (playlists and key with this browser's cookie, as hls.js asks for them). */
export function prime(urls: readonly string[]): void {
  for (const url of urls.map(absolute)) {
    if (primed.has(url)) continue;
    const start = performance.now();
    const answer = fetch(url, { credentials: 'same-origin' }).then(
      async (response) => {
        const first = performance.now();
        const data = await response.arrayBuffer();
        return { url: response.url, status: response.status, data, start, first, end: performance.now() };
      },
      () => null,
    );
    primed.set(url, answer);
    setTimeout(() => primed.get(url) === answer && primed.delete(url), KEPT_MS);
  }
}

/**
 * The answer primed for `url` (null when it failed: the player then asks as it always does), a copy of its bytes for
 * each taker: react-player's element may start hls.js twice as it mounts, and the first instance, destroyed at once,
 * must not use the answer up.
 */
export function takePrimed(url: string): Promise<PrimedAnswer | null> | undefined {
  return primed.get(absolute(url))?.then((answer) => answer && { ...answer, data: answer.data.slice(0) });
}

/** The player closed: nothing primed for it outlives it (a key above all: a later play asks the server again). */
export const forgetPrimed = () => primed.clear();
