/**
 * Issue 34's playback figures, as a viewer sees them: Play → first frame, stalls, and the renditions that played,
 * for a packaged 1080p title against the single MP4 of the same clip, over a phone's connection (Lighthouse's
 * mobile profile) and an unthrottled one. Both titles are locked, each bought as e2e buys (the Phantom stand-in on the
 * local chain), so the stream's key and the MP4's link come the way a buyer's do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { content } from '../../e2e/support/catalog';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { createTestWallet, fundTestWallet, installPhantom } from '../../e2e/support/phantom/wallet';
import { PHONE_NETWORK, UNTHROTTLED, watchPlayback, type NetworkChange, type NetworkConditions, type Playback } from '../../e2e/support/playback';
import { buy } from '../../e2e/support/purchase';
import { pageOfDocument } from '../../lib/routes';
import { PLAYBACK } from './config';
import { addTitles, encodings, generateClip, type MeasuredRate } from './playback-titles';
import { log, startStack, type Stack } from './stack';

interface NetworkPlan {
  start: NetworkConditions;
  change?: NetworkChange;
  /** The visit's first play, code not cached (issue 44): no play before it, Play pressed as soon as the page has loaded. */
  cold?: true;
}

/**
 * Each run's connection: a phone's throughout, none, or a Wi-Fi's until the phone's takes over partway (PLAYBACK.drop);
 * and the phone's for a first play whose code is not cached (`cold`).
 */
export const NETWORKS: Record<'cold' | 'throttled' | 'unthrottled' | 'dropping', NetworkPlan> = {
  cold: { start: PHONE_NETWORK, cold: true },
  throttled: { start: PHONE_NETWORK },
  unthrottled: { start: UNTHROTTLED },
  dropping: { start: PLAYBACK.drop.from, change: { afterSeconds: PLAYBACK.drop.afterSeconds, network: PHONE_NETWORK } },
};
export type PlaybackTitle = keyof typeof PLAYBACK.titles;
export type PlaybackNetwork = keyof typeof NETWORKS;

export interface PlaybackResult {
  file: MeasuredRate;
  ladder: MeasuredRate[];
  runs: { title: PlaybackTitle; network: PlaybackNetwork; playback: Playback }[];
  /** Issue 52: the embedded free stream over the phone's link, its page loaded on it, Play tapped 1 s after network idle. */
  settledFreePlay: Playback;
}

/** How long after network idle the visitor taps Play in `settledFreePlay`. */
export const TAP_AFTER_IDLE_MS = 1_000;

/** A free stream of the embedded catalog, played first in each viewer's browser: the player's code is then loaded, as after a visit's first play. */
const [warmUpId] = content.documentaries.find(([, d]) => !d.locked && d.videourl.startsWith('stream:'))!;

const titlePage = (title: PlaybackTitle) => pageOfDocument(PLAYBACK.titles[title].path);

const viewer = (browser: Browser, stack: Stack, cookies: Cookie[] = []): Promise<BrowserContext> =>
  browser.newContext({ baseURL: stack.url, ...PLAYBACK.viewer, storageState: { cookies, origins: [] } });

/**
 * A title's page, once React has hydrated its buttons: a click before that falls on a button with no handler yet
 * (the e2e specs wait for it by using the page first; a viewer's first click comes later than a script's).
 */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const button = document.querySelector('main button');
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
}

/** A viewer of its own buys `title` with a funded Phantom stand-in; its cookie, which now owns the title, is the result. */
async function buyTitle(browser: Browser, stack: Stack, title: PlaybackTitle): Promise<Cookie[]> {
  const context = await viewer(browser, stack);
  try {
    const rpcUrl = stack.env.SOLANA_RPC_URL!;
    const wallet = createTestWallet();
    await fundTestWallet(rpcUrl, wallet);
    await installPhantom(context, wallet, { rpcUrl });
    const page = await context.newPage();
    await openPage(page, titlePage(title));
    await buy(page, page.locator('main'));
    return (await context.storageState()).cookies;
  } finally {
    await context.close();
  }
}

const playButton = (page: Page) => page.locator('main').getByRole('button', { name: /^Free/ });

/**
 * One run in a browser of its own (nothing of another run cached), with the title's buyer's cookie: the player's code
 * loaded by a first play (unless the run is `cold`: then none, and Play is pressed once the page offers it, before the
 * page's idle prefetch), then the title's page, and Play over `network`.
 */
async function watchTitle(browser: Browser, stack: Stack, cookies: Cookie[], title: PlaybackTitle, network: PlaybackNetwork): Promise<Playback> {
  const context = await viewer(browser, stack, cookies);
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    const dialog = page.getByRole('dialog');
    const { start, change, cold } = NETWORKS[network];
    if (!cold) {
      await openPage(page, `/watch/documentaries/${warmUpId}`);
      await watchPlayback(session, dialog, () => playButton(page).click(), UNTHROTTLED, 30);
    }
    await page.goto(titlePage(title));
    // The page learns that this browser owns the title from its cookie, then offers Play.
    await playButton(page).waitFor({ timeout: 30_000 });
    return await watchPlayback(session, dialog, () => playButton(page).click(), start, PLAYBACK.maxRunSeconds, change);
  } finally {
    await context.close();
  }
}

/**
 * A visitor on a phone who opens a free stream's page (code not cached, the phone's link from the start), reads for
 * TAP_AFTER_IDLE_MS once the network is idle, and taps Play: the page's own prefetch, once it has settled, is what
 * stands between the tap and the first frame.
 */
async function watchFreeAfterIdle(browser: Browser, stack: Stack): Promise<Playback> {
  const context = await viewer(browser, stack);
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await page.goto(`/watch/documentaries/${warmUpId}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(TAP_AFTER_IDLE_MS);
    return await watchPlayback(session, page.getByRole('dialog'), () => playButton(page).click(), PHONE_NETWORK, PLAYBACK.maxRunSeconds);
  } finally {
    await context.close();
  }
}

/** Makes the titles, starts a stack of its own with them, buys and watches them; `track` is told of the stack while it runs. */
export async function measurePlayback(build: boolean, track: (stack: Stack | undefined) => void): Promise<PlaybackResult> {
  const folder = await mkdtemp(join(tmpdir(), 'solenema-bench-playback-'));
  let stack: Stack | undefined;
  try {
    // A stream left by an interrupted run has no key in this run's ledger: packaged anew.
    await rm(PLAYBACK.streamsDir, { recursive: true, force: true });
    const { seconds, height } = PLAYBACK.clip;
    log(`playback: generating a ${seconds} s ${height}p clip`);
    await generateClip(folder);
    stack = await startStack('embedded', build, { env: { PRIVATE_MEDIA_DIR: folder }, prepare: (env) => addTitles(env, folder) });
    track(stack);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const titles = Object.keys(PLAYBACK.titles) as PlaybackTitle[];
      const buyers = {} as Record<PlaybackTitle, Cookie[]>;
      for (const title of titles) {
        log(`playback: a viewer buys the ${title}`);
        buyers[title] = await buyTitle(browser, stack, title);
      }
      const runs: PlaybackResult['runs'] = [];
      // Stream and file take turns, so the load of the moment on a shared host weighs on both alike.
      for (const network of Object.keys(NETWORKS) as PlaybackNetwork[]) {
        for (const title of titles) {
          // Chrome applies new network conditions to the requests that start after them: an MP4 is one request, begun
          // before the drop, so it would play on at the Wi-Fi's rate (a first run showed it: no stall at 5.2 Mbps).
          if (network === 'dropping' && title === 'file') continue;
          // The cold first play is issue 44's figure for a stream; the MP4's first play over the phone's link is the
          // throttled run's 50 s again.
          if (network === 'cold' && title === 'file') continue;
          log(`playback: ${title}, ${network}`);
          runs.push({ title, network, playback: await watchTitle(browser, stack, buyers[title], title, network) });
        }
      }
      log('playback: a free stream tapped 1 s after its page is idle');
      const settledFreePlay = await watchFreeAfterIdle(browser, stack);
      return { ...(await encodings(folder)), runs, settledFreePlay };
    } finally {
      await browser.close();
    }
  } finally {
    await stack?.stop();
    track(undefined);
    await rm(PLAYBACK.streamsDir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  }
}
