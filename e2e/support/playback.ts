import { gzipSync } from 'node:zlib';
import { expect, type CDPSession, type Locator, type Page } from '@playwright/test';

/**
 * Watching a title as a viewer does, for e2e/streams.spec.ts and the bench's playback section alike: Play → first
 * frame, the stalls that follow, and which of a stream's renditions played, over Chrome DevTools Protocol network
 * conditions.
 */

/** Lighthouse's mobile profile: 1.6 Mbps down, 750 kbps up, 150 ms latency. */
export const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const UNTHROTTLED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
export type NetworkConditions = typeof PHONE_NETWORK;

/**
 * Issue 44's bounds on Play → first frame over PHONE_NETWORK applied after the page has loaded, cache cold: a free
 * stream from the click, a locked one from the moment its purchase is confirmed (issue 34's was 2.5 s, for a stream
 * whose player's code a first play had loaded).
 */
export const FIRST_FRAME_BOUND_MS = 1_500;
export const BOUGHT_FIRST_FRAME_BOUND_MS = 2_000;

/**
 * A string each part of the player keeps through a production build (as e2e/support/first-load.ts finds wallet code):
 * the player's own chunk (VideoPlayer, react-player) and hls.js, which only a stream needs.
 */
const PLAYER_MARKERS = { player: 'This video could not be played', 'hls.js': 'hlsManifestParsed' } as const;
type PlayerPart = keyof typeof PLAYER_MARKERS;

interface PlayerScript {
  url: string;
  part: PlayerPart;
  gzipBytes: number;
}

/** Every script of the player's that `page` downloads from now on, by part, with its size as served compressed. */
export function watchPlayerScripts(page: Page): { scripts: PlayerScript[]; settled: () => Promise<unknown> } {
  const scripts: PlayerScript[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          for (const [part, marker] of Object.entries(PLAYER_MARKERS) as [PlayerPart, string][])
            if (body.includes(marker)) scripts.push({ url: response.url(), part, gzipBytes: gzipSync(body).length });
        },
        () => undefined,
      ),
    );
  });
  return { scripts, settled: () => Promise.all(pending) };
}

/** When the page painted first, and when each of `urls` was asked for, in ms since navigation (the page's own clock). */
export const paintAndRequests = (page: Page, urls: string[]) =>
  page.evaluate((names) => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? null;
    const requests = names.map((name) => (performance.getEntriesByName(name)[0] as PerformanceResourceTiming | undefined)?.startTime ?? null);
    return { paint, requests };
  }, urls);

/**
 * A wait for data once playing ('waiting' until 'playing' or the end) this long or longer is a stall, the rebuffering
 * a viewer sees; shorter ones (a busy 2-core host decoding late) only add to the time waited.
 */
export const STALL_MS = 250;

export interface Playback {
  firstFrameMs: number;
  stalls: number;
  /** Every wait for data summed, stalls and shorter ones, in ms. */
  waitedMs: number;
  /** Where playback was when the watch ended, and whether it reached the end. */
  playedSeconds: number;
  ended: boolean;
  /** A stream's renditions (hls.js's levels), by height: the ladder's top, what played from the first frame on (media time of each switch), the last. */
  renditions: { top: number; played: { atSeconds: number; height: number }[]; last: number } | null;
}

/** What the page keeps about the playing video, from the first frame on. */
interface Watched {
  waits: number[];
  since: number | null;
  /** hls.js's level (an index into api.levels) at the first frame and at each switch, by media time. */
  levels: { atSeconds: number; level: number }[];
  /** A stream's hls.js; none for a file. */
  api?: HlsApi;
}

/** hls.js as react-player's `hls-video` element exposes it (its `api`): the part read here. */
interface HlsApi {
  levels: { height: number }[];
  currentLevel: number;
  on(event: 'hlsLevelSwitched', listener: (event: string, data: { level: number }) => void): void;
}

/** A connection that changes while the title plays: `network` from `afterSeconds` after Play (a viewer walking out of Wi-Fi). */
export interface NetworkChange {
  afterSeconds: number;
  network: NetworkConditions;
}

/** What the page marks itself (its own clock, performance.now()): the last click, and the first frame after it. */
interface FirstFrameMarks {
  click: number | null;
  frame: number | null;
}

/**
 * Marks, in the page, the next click and the first frame shown after it: the first `playing` or `timeupdate` of a
 * video (a stream's, forwarded by react-player's element) with time past 0 and a frame decoded. Measured in the
 * page, so neither Playwright's own steps before its click (actionability checks, scrolling, the pointer's moves:
 * 0.1-0.3 s on a loaded host) nor the polling from here add to Play → first frame.
 */
export async function markFirstFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { firstFrame: FirstFrameMarks; firstFrameListening?: true };
    state.firstFrame = { click: null, frame: null };
    document.addEventListener('click', () => (state.firstFrame.click ??= performance.now()), { capture: true, once: true });
    if (state.firstFrameListening) return;
    state.firstFrameListening = true;
    for (const type of ['playing', 'timeupdate'])
      document.addEventListener(
        type,
        (event) => {
          const media = event.target as HTMLVideoElement;
          if (media.currentTime > 0 && media.readyState >= 2) state.firstFrame.frame ??= performance.now();
        },
        true,
      );
  });
}

/** The marks markFirstFrame set, once the first frame has come. */
export const firstFrameMarks = (page: Page): Promise<FirstFrameMarks> => page.evaluate(() => (window as unknown as { firstFrame: FirstFrameMarks }).firstFrame);

/**
 * Sets `network`, plays (`play` clicks the title's Play), and watches the dialog's video until it ends or
 * `maxSeconds` have passed since Play, the connection changed partway when `change` says so; it is unthrottled
 * again afterwards.
 */
export async function watchPlayback(
  session: CDPSession,
  dialog: Locator,
  play: () => Promise<unknown>,
  network: NetworkConditions,
  maxSeconds: number,
  change?: NetworkChange,
): Promise<Playback> {
  await session.send('Network.emulateNetworkConditions', network);
  await markFirstFrame(dialog.page());
  const started = Date.now();
  const changing = change && setTimeout(() => void session.send('Network.emulateNetworkConditions', change.network), change.afterSeconds * 1000);
  await play();
  const video = dialog.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && v.readyState >= 2), { intervals: [50], timeout: maxSeconds * 1000 })
    .toBe(true);
  // From the click to the first frame as the page saw them; from before Playwright's click as a fallback.
  const marks = await firstFrameMarks(dialog.page());
  const firstFrameMs = marks.click !== null && marks.frame !== null ? Math.round(marks.frame - marks.click) : Date.now() - started;
  // In the page, so no wait or switch is missed between two looks from here. No named functions in these
  // callbacks: tsx (the bench) wraps them in a helper of its own that the page does not have.
  await video.evaluate((v: HTMLVideoElement) => {
    // A stream's <video> is in the shadow root of react-player's hls-video element, whose `api` is hls.js.
    const root = v.getRootNode();
    const api = root instanceof ShadowRoot ? (root.host as unknown as { api?: HlsApi }).api : undefined;
    const watched: Watched = { waits: [], since: null, levels: [], api };
    (v as unknown as { watched: Watched }).watched = watched;
    v.addEventListener('waiting', () => (watched.since ??= performance.now()));
    for (const resumed of ['playing', 'ended'])
      v.addEventListener(resumed, () => {
        if (watched.since !== null) watched.waits.push(performance.now() - watched.since);
        watched.since = null;
      });
    // The rendition of the first frame, then each switch.
    if (!api) return;
    watched.levels.push({ atSeconds: v.currentTime, level: api.currentLevel });
    api.on('hlsLevelSwitched', (_, { level }) => watched.levels.push({ atSeconds: v.currentTime, level }));
  });
  const untilMs = Math.max(0, maxSeconds * 1000 - (Date.now() - started));
  await video.evaluate(
    (v: HTMLVideoElement, ms: number) =>
      new Promise<void>((resolve) => {
        if (v.ended) return resolve();
        v.addEventListener('ended', () => resolve(), { once: true });
        setTimeout(resolve, ms);
      }),
    untilMs,
  );
  const seen = await video.evaluate((v: HTMLVideoElement) => {
    const { waits, since, levels, api } = (v as unknown as { watched: Watched }).watched;
    // A wait still going on when the watch ends counts as well.
    const all = since === null ? waits : [...waits, performance.now() - since];
    const renditions = api && {
      top: Math.max(...api.levels.map(({ height }) => height)),
      played: levels.map(({ atSeconds, level }) => ({ atSeconds, height: api.levels[level]?.height ?? 0 })),
      last: api.levels[api.currentLevel]?.height ?? 0,
    };
    return { waits: all, renditions, playedSeconds: v.currentTime, ended: v.ended };
  });
  clearTimeout(changing);
  await session.send('Network.emulateNetworkConditions', UNTHROTTLED);
  return {
    firstFrameMs,
    stalls: seen.waits.filter((ms) => ms >= STALL_MS).length,
    waitedMs: Math.round(seen.waits.reduce((sum, ms) => sum + ms, 0)),
    playedSeconds: Math.round(seen.playedSeconds * 10) / 10,
    ended: seen.ended,
    renditions: seen.renditions ?? null,
  };
}
