import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { Keypair } from '@solana/web3.js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { apiBuyer } from './support/api-buyer';
import { chainControl } from './support/chain';
import { content } from './support/catalog';
import { clearFirestore } from './support/firestore-emulator';
import { expect, test } from './support/offline';
import { createTestWallet } from './support/phantom/wallet';
import { purchaseDialog, withWallet } from './support/purchase';
import { CHAIN_URL, DESKTOP, E2E_PORTS, E2E_REVALIDATE_SECRET, PHONE, PREORDER_PROJECT_ID, PREORDER_SITE_URL } from './support/ports';
import { stopServer } from './support/processes';
import { startSiteInstance } from './support/site-instance';

/**
 * Issue 55's pre-orders. On the shared site, the embedded catalog's pre-order as a visitor and a crawler see it, and as
 * its buyer does once paid. On a site of its own (its Firestore project, its recipient, a clock the test moves:
 * e2e/support/server-clock.cjs), a title written with a Firestore timestamp a few minutes ahead is paid now, refused
 * playback with its own reason until the server's clock passes the date, listed in the studio meanwhile, and plays after;
 * a series of its own says "Pre-order" on a page cached no longer than until the date, and is out once rendered after
 * it. That site shares the build's cache with the others, so it asks only for its own titles' paths, and renders no
 * page that reads a list.
 */
// This process writes the title as an operator would, with firebase-admin.
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${E2E_PORTS.firestore}`;
const [orchardId, orchard] = content.documentaries.find(([, doc]) => doc.releaseDate)!;
const ORCHARD_PAGE = `/watch/documentaries/${orchardId}`;
const RELEASES = new Date(orchard.releaseDate!).toISOString();
const jsonLdOf = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as { offers: Record<string, unknown>[] };

test('the embedded pre-order counts down on its page, sells as a pre-order, tells crawlers PreOrder, and its buyer is told when it plays', async ({ page }) => {
  test.setTimeout(90_000);
  await withWallet(page, createTestWallet());
  await page.goto(ORCHARD_PAGE);
  const header = page.getByRole('main').locator('header').first();
  await expect(header.locator('[data-preorder]')).toHaveText(/^Pre-order\s*Releases 1 October 2029 · in \d+ days$/);
  await expect(header.getByRole('list', { name: 'Ways to pay' })).toContainText('Pre-order · 0.04 SOL');
  expect((await jsonLdOf(page)).offers).toEqual([
    expect.objectContaining({ name: 'Pre-order', availability: 'https://schema.org/PreOrder', availabilityStarts: RELEASES, price: '0.04' }),
  ]);
  await page.screenshot({ path: 'test-results/preorder-1440.png' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/preorder-375.png', fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Paid now, through the dialog: the pay words say pre-order, and the player says when it plays instead of playing.
  await header.getByRole('button', { name: /^Pre-order with Solana/ }).click();
  const dialog = purchaseDialog(page);
  await expect(dialog).toContainText('A pre-order: paid now, yours in this browser, and it plays from its release date');
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  await dialog.getByRole('button', { name: 'Pre-order', exact: true }).click();
  await expect(dialog).toContainText('Paid 0.04 SOL', { timeout: 20_000 });
  await expect(dialog.getByRole('alert')).toContainText('Plays from 1 October 2029 (18:00 UTC)');
  await expect(dialog.locator('video')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/preorder-1440-paid.png' });
});

test.describe('on a site whose clock the test moves', () => {
  test.describe.configure({ mode: 'serial' });
  const RECIPIENT = Keypair.fromSeed(new Uint8Array(32).fill(55));
  // Ids of this run: the build's cache outlives a run, and holds what an earlier run's moved clock cached as fresh.
  const run = Date.now().toString(36);
  const PATH = `documentaries/e2e-early-frost-${run}`;
  const SERIES = `series/e2e-frost-lines-${run}`;
  const SERIES_PAGE = `${PREORDER_SITE_URL}/${SERIES}`;
  const clockFile = join(mkdtempSync(join(tmpdir(), 'solenema-preorder-clock-')), 'offset');
  /** Moves the site's clock to `ms` past real time (the clock file is read every 100 ms). */
  const setSiteClock = (ms: number) => new Promise((done) => (writeFileSync(clockFile, String(ms)), setTimeout(done, 300)));
  const releases = Date.now() + 10 * 60_000;
  let site: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    writeFileSync(clockFile, '0');
    await clearFirestore(`127.0.0.1:${E2E_PORTS.firestoreEmulator}`, PREORDER_PROJECT_ID);
    // As an operator writes it in the console: the seed's fields, a price, and a timestamp for its release.
    const app = getApps().find((each) => each.name === 'e2e-preorders') ?? initializeApp({ projectId: PREORDER_PROJECT_ID }, 'e2e-preorders');
    const db = getFirestore(app);
    const releaseDate = Timestamp.fromMillis(releases);
    const video = 'private:documentaries/the-winter-orchard.mp4';
    await db.doc(PATH).set({ title: 'The Early Frost', coverimg: '', type: 'Documentary', videourl: video, locked: true, price: 0.04, releaseDate });
    // A series of its own, whose page no other site asks for: it reads no list the sites' shared cache holds.
    await db.doc(SERIES).set({ title: 'Frost Lines', coverimg: '', locked: true, totalSeasons: 1, episodeCount: 1, releaseDate });
    await db.doc(`${SERIES}/seasons/one`).set({ title: 'Season 1', coverimg: '', seasonNumber: 1, totalEpisodes: 1 });
    await db.doc(`${SERIES}/seasons/one/episodes/e1`).set({ episodeNumber: 1, title: 'First Frost', coverimg: '', videourl: video });
    site = await startSiteInstance(PREORDER_SITE_URL, {
      FIREBASE_PROJECT_ID: PREORDER_PROJECT_ID,
      SOLANA_RECIPIENT: RECIPIENT.publicKey.toBase58(),
      NODE_OPTIONS: `--require ${resolve('e2e/support/server-clock.cjs')}`,
      SERVER_CLOCK_FILE: clockFile,
      // A day's cache lifetime: only the release date can make a pre-order's page stale within the test.
      REVALIDATE_SECONDS: '86400',
    });
  });
  test.afterAll(() => stopServer(site));

  test('a pre-order is credited now, refused playback with its own reason before the date, listed in the studio, and plays after it', async ({ browser }) => {
    test.setTimeout(120_000);
    const payer = Keypair.generate();
    await chainControl(CHAIN_URL).airdrop(payer.publicKey.toBase58(), 1_000_000_000);
    const buyer = apiBuyer(PREORDER_SITE_URL, '203.0.113.155');
    // Sold to own only: a rental's 30 days to start could lapse before the release.
    expect((await buyer.send('/api/checkout', { path: PATH, kind: 'rent' })).status).toBe(409);
    const { paid } = await buyer.pay(payer, PATH);
    expect(paid).toMatchObject({ path: PATH, kind: 'buy', price: { currency: 'SOL', units: 40_000_000 } });
    expect((await buyer.library()).paths).toContain(PATH);

    const early = await buyer.link(PATH);
    expect(early.status).toBe(403);
    const refused = (await early.json()) as { code: string; error: string };
    expect(refused.code).toBe('not_released');
    expect(refused.error).toMatch(/^Plays from \d{1,2} \w+ \d{4} \(\d\d:\d\d UTC\)/);

    // The studio lists it as a pre-order, with its date.
    const operator = apiBuyer(PREORDER_SITE_URL, '203.0.113.156');
    expect((await operator.openStudio(RECIPIENT)).response.status).toBe(200);
    const studio = await browser.newContext({ viewport: DESKTOP });
    await studio.addCookies([...operator.cookies()].map(([name, value]) => ({ name, value, url: PREORDER_SITE_URL })));
    const view = await studio.newPage();
    await view.goto(`${PREORDER_SITE_URL}/studio`);
    const row = view.locator(`[data-table="preorders"] [data-preorder="${PATH}"]`);
    await expect(row).toContainText('The Early Frost');
    expect(await row.locator('td').allInnerTexts()).toEqual([expect.stringMatching(/\(in (9|10) minutes\)$/), '1', '0.04 SOL', '—']);
    await view.screenshot({ path: 'test-results/preorder-studio-1440.png', fullPage: true });

    // A series not out yet: its cached page says so, its crawlers read PreOrder.
    const show = await studio.newPage();
    const rendered = await show.goto(SERIES_PAGE);
    // Cached no longer than until the release (a day otherwise, REVALIDATE_SECONDS here).
    const lifetime = Number(/s-maxage=(\d+)/.exec(rendered!.headers()['cache-control'] ?? '')?.[1]);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(Math.ceil((releases - Date.now()) / 1000) + 1);
    await expect(show.locator('[data-preorder]')).toHaveText(/^Pre-order\s*Releases \d{1,2} \w+ \d{4} · in (9|10) minutes$/);
    await expect(show.getByRole('list', { name: 'Ways to pay' })).toContainText('Pre-order the whole series · 0.01 SOL');
    expect((await jsonLdOf(show)).offers).toEqual([
      expect.objectContaining({ availability: 'https://schema.org/PreOrder', availabilityStarts: new Date(releases).toISOString() }),
    ]);

    // Past the date on the server's clock: the same browser plays it, its bytes included.
    await setSiteClock(releases - Date.now() + 30_000);
    const link = await buyer.link(PATH);
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    expect((await buyer.send(url)).status).toBeLessThan(300);
    await view.reload();
    await expect(view.locator('[data-table="preorders"]')).toHaveCount(0);
    // Next's page cache keeps time by performance.now, which the test's clock does not move: the page goes stale at
    // the date by its lifetime (above); here it is expired, as the date would, and rendered after the date, it is out.
    const expired = await fetch(`${PREORDER_SITE_URL}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PREORDER_SITE_URL, authorization: `Bearer ${E2E_REVALIDATE_SECRET}` },
      body: JSON.stringify({ paths: [`/${SERIES}`] }),
    });
    expect(expired.status).toBe(200);
    await expect(async () => {
      await show.reload();
      await expect(show.locator('[data-preorder]')).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(show.getByRole('list', { name: 'Ways to pay' })).toContainText('The whole series · 0.01 SOL');
    expect((await jsonLdOf(show)).offers).toEqual([expect.objectContaining({ availability: 'https://schema.org/InStock' })]);

    // The media route checks the date too: the same link, with the clock put back, serves nothing.
    await setSiteClock(0);
    const before = await buyer.send(url);
    expect(before.status).toBe(403);
    expect(((await before.json()) as { code: string }).code).toBe('not_released');
    await studio.close();
  });
});
