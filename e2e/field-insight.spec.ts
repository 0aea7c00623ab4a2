import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { content } from './support/catalog';
import { insightSiteReady, READY_TIMEOUT_MS } from './support/insight-site';
import { E2E_FIREBASE, INSIGHT_SITE_URL, SITE_URL } from './support/ports';
import { expect, test } from './support/offline';

/** Every host the Firebase web SDK (Analytics, Installations, Performance) and gtag.js talk to. */
const GOOGLE = /(googleapis\.com|googletagmanager\.com|google-analytics\.com|analytics\.google\.com)/;
const [trailerId] = content.trailers.find(([, t]) => !t.locked && t.videourl.endsWith('/hero.mp4'))!;
const [lockedId] = content.trailers.find(([, t]) => t.locked)!;
const trailerPage = `/watch/trailers/${trailerId}`;

/** Requests to Google, and the SDK's own endpoints answered the way Firebase answers them (offline). */
async function interceptGoogle(context: BrowserContext) {
  const calls: string[] = [];
  await context.route(GOOGLE, async (route) => {
    const url = route.request().url();
    calls.push(url);
    if (url.includes('firebaseinstallations.googleapis.com')) {
      return route.fulfill({
        json: {
          name: 'projects/1/installations/e2e',
          fid: 'cE2eTestFid0123456789a',
          refreshToken: 'refresh',
          authToken: { token: 'token', expiresIn: '604800s' },
        },
      });
    }
    if (url.includes('/webConfig')) return route.fulfill({ json: { ...E2E_FIREBASE } });
    if (url.includes('googletagmanager.com/gtag/js')) return route.fulfill({ contentType: 'text/javascript', body: '/* gtag.js stand-in */' });
    return route.fulfill({ json: {} });
  });
  return calls;
}

/** What the Analytics SDK handed to gtag: its `event` commands, as [name, params]. */
const recordedEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'event')
      .map((entry) => [entry[1], entry[2]] as [string, Record<string, unknown>]),
  );

/** Lets the page go idle and then some: the SDK would load by now if it were going to. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
};

test.describe('unconfigured (the default build)', () => {
  test('nothing of Firebase loads and no request leaves, even after playing', async ({ page, context }) => {
    const calls = await interceptGoogle(context);
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    await page.goto(`${SITE_URL}${trailerPage}`);
    await page.getByRole('button', { name: /^Free/ }).first().click();
    await expect
      .poll(
        () =>
          page
            .getByRole('dialog')
            .locator('video')
            .evaluate((v: HTMLVideoElement) => v.currentTime > 0),
        { timeout: 15_000 },
      )
      .toBe(true);
    await settle(page);
    expect(calls).toEqual([]);
    expect(scripts.some((body) => body.includes('firebaseinstallations'))).toBe(false);
    await expect(page.getByRole('complementary', { name: /improve Solenema/ })).toHaveCount(0);
  });
});

test.describe('configured, consent required', () => {
  test.use({ baseURL: INSIGHT_SITE_URL });
  test.beforeAll(async () => {
    test.setTimeout(READY_TIMEOUT_MS);
    await insightSiteReady();
  });

  test('nothing loads before the visitor agrees, nor after "No thanks" (remembered)', async ({ page, context }) => {
    const calls = await interceptGoogle(context);
    await page.goto(trailerPage);
    const banner = page.getByRole('complementary', { name: 'Help us improve Solenema?' });
    await expect(banner).toBeVisible();
    await settle(page);
    expect(calls).toEqual([]);
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await settle(page);
    await expect(banner).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('with Global Privacy Control (or Do Not Track) nothing is asked, loaded or sent', async ({ page, context }) => {
    const calls = await interceptGoogle(context);
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    await page.goto(trailerPage);
    await settle(page);
    await expect(page.getByRole('complementary', { name: /improve Solenema/ })).toHaveCount(0);
    expect(calls).toEqual([]);

    const dnt = await context.browser()!.newContext({ baseURL: INSIGHT_SITE_URL });
    const dntCalls = await interceptGoogle(dnt);
    await dnt.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    const other = await dnt.newPage();
    await other.goto(trailerPage);
    await settle(other);
    await expect(other.getByRole('complementary', { name: /improve Solenema/ })).toHaveCount(0);
    expect(dntCalls).toEqual([]);
    await dnt.close();
  });

  test('once allowed, the SDK arrives after the page is idle and records what the operator needs', async ({ page, context }) => {
    const calls = await interceptGoogle(context);
    const before = new Set<string>();
    const after: Request[] = [];
    let allowed = false;
    page.on('request', (request) => {
      if (request.resourceType() !== 'script' || !request.url().startsWith(INSIGHT_SITE_URL)) return;
      if (allowed) after.push(request);
      else before.add(request.url());
    });
    await page.goto(trailerPage);
    await settle(page);
    allowed = true;
    await page.getByRole('button', { name: 'Allow statistics' }).click();
    await expect.poll(() => calls.some((url) => url.includes('googletagmanager.com/gtag/js')), { timeout: 15_000 }).toBe(true);
    expect(calls.some((url) => url.includes('firebaseinstallations.googleapis.com'))).toBe(true);

    // The SDK's size, as the visitor who agreed downloads it (gzip).
    const sdk = (await Promise.all(after.map(async (request) => (await request.response())?.body()))).filter((body): body is Buffer => !!body);
    const sdkBytes = sdk.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`[field-insight] the SDK after consent: ${after.length} scripts, ${(sdkBytes / 1024).toFixed(1)} KB gzip`);
    test.info().annotations.push({ type: 'sdk-bytes', description: String(sdkBytes) });

    await expect
      .poll(async () => (await recordedEvents(page)).map(([name]) => name), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['title_opened', 'web_vitals']));
    // Each metric once per page, however often the page re-renders.
    const vitals = (await recordedEvents(page)).filter(([name]) => name === 'web_vitals').map(([, params]) => params.metric);
    expect(vitals.length).toBe(new Set(vitals).size);
    await page.getByRole('button', { name: /^Free/ }).first().click();
    await expect
      .poll(async () => (await recordedEvents(page)).find(([name]) => name === 'play_started')?.[1], { timeout: 15_000 })
      .toMatchObject({
        video_path: `trailers/${trailerId}`,
      });
    await page.getByRole('button', { name: 'Close player' }).click();

    await page.goto('/search?q=zzqxnothing');
    await expect
      .poll(async () => (await recordedEvents(page)).find(([name]) => name === 'search_no_results')?.[1], { timeout: 15_000 })
      .toMatchObject({
        search_term: 'zzqxnothing',
      });

    await page.goto(`/watch/trailers/${lockedId}`);
    await page
      .getByRole('button', { name: /Pay with Solana/ })
      .first()
      .click();
    await expect
      .poll(async () => (await recordedEvents(page)).find(([name]) => name === 'purchase_started')?.[1], { timeout: 15_000 })
      .toMatchObject({
        title_path: `trailers/${lockedId}`,
      });
  });
});
