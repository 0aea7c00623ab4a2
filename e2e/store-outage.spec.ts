import { readFileSync } from 'node:fs';
import { content, lockedAtDefaultPrice } from './support/catalog';
import { setFirestoreOutage, type Outage } from './support/outage-proxy';
import { createTestWallet } from './support/phantom/wallet';
import { CHAIN_URL, E2E_FIRESTORE_TIMEOUT_MS, E2E_REVALIDATE_SECONDS, FIRESTORE_OUTAGE_URL, SITE_LOG } from './support/ports';
import { expect, test } from './support/offline';
import { card, openPurchase, reveal, withWallet } from './support/purchase';

/**
 * Runs in its own project after every other test: it takes the shared Firestore down for the site, at the
 * proxy in front of the emulator (every call answers UNAVAILABLE, which firebase-admin would retry for minutes; the site gives up
 * after FIRESTORE_TIMEOUT_MS, E2E_FIRESTORE_TIMEOUT_MS in e2e).
 */
// Each outage costs a FIRESTORE_TIMEOUT_MS or two before the site gives up.
test.describe.configure({ mode: 'default', timeout: 90_000 });

const outage = (kind: Outage) => setFirestoreOutage(FIRESTORE_OUTAGE_URL, kind);
const [seriesId, series] = content.series[0]!;
const [, documentary] = lockedAtDefaultPrice(content.documentaries).at(-1)!;
const siteLog = () => readFileSync(SITE_LOG, 'utf8');

test('while Firestore is unreachable the last good page keeps being served, and the failed refresh is logged', async ({ request }) => {
  // The page goes stale as it does in production, by its lifetime (REVALIDATE_SECONDS): an edit's expiry
  // (expireCatalogReads) follows a Firestore read, so it never comes during an outage.
  test.setTimeout(E2E_REVALIDATE_SECONDS * 1000 + 120_000);
  const path = `/series/${seriesId}`;
  // The last good page, settled: a regeneration still under way when Firestore goes down (begun by an earlier
  // test's refresh) would finish with the reads it made before, store a page newer than the outage, and leave
  // nothing stale to fail in time.
  await expect
    .poll(async () => {
      const before = await request.get(path);
      expect(before.status()).toBe(200);
      return before.headers()['x-nextjs-cache'];
    })
    .not.toBe('STALE');
  const loggedBefore = siteLog().length;
  await outage('everything');
  try {
    // Visitors keep getting the page until its lifetime runs out, then while its regeneration fails in the background.
    const servedStale = async () => {
      const page = await request.get(path);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain(series.title);
      return page.headers()['x-nextjs-cache'];
    };
    await expect.poll(servedStale, { timeout: E2E_REVALIDATE_SECONDS * 1000 + 10_000, intervals: [2_000] }).toBe('STALE');
    for (let visit = 0; visit < 4; visit += 1) {
      const page = await request.get(path);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain(series.title);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    // Visitors keep coming while we wait: on a busy machine the first background refresh can start late.
    const logAfterAVisit = async () => {
      expect((await request.get(path)).status()).toBe(200);
      return siteLog().slice(loggedBefore);
    };
    const failedRefresh = new RegExp(`catalog (read|query|count) \\S+ took longer than ${E2E_FIRESTORE_TIMEOUT_MS} ms`);
    await expect.poll(logAfterAVisit, { timeout: 2 * E2E_FIRESTORE_TIMEOUT_MS + 10_000 }).toMatch(failedRefresh);
  } finally {
    await outage('none');
  }
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 15_000 }).toBe(200);
});

test('a ledger that cannot be written after a valid payment: 503, the payment stays pending, the retry finishes it', async ({ page }) => {
  await withWallet(page, createTestWallet());
  // Writes fail from the moment the payment is sent, before the server's look can claim it; reads still answer.
  await page.route(
    (url) => url.origin === CHAIN_URL,
    async (route) => {
      if (route.request().postData()?.includes('"sendTransaction"')) await outage('writes');
      await route.continue();
    },
  );
  const { dialog } = await openPurchase(page, documentary.title, 'Documentaries');
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  try {
    const verified = page.waitForResponse('**/api/payments/verify');
    await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
    const answer = await verified;
    expect(answer.status()).toBe(503);
    expect((await answer.json()).error).toMatch(/safe/i);
    await expect(dialog.getByRole('alert')).toContainText('Payment sent', { timeout: 10_000 });
    const pending = await page.evaluate(() => localStorage.getItem('solenema:pending-payments'));
    expect(JSON.parse(pending ?? '[]')).toHaveLength(1);
    expect(siteLog()).toMatch(
      // A claim's first write: the checkout's credit (once per checkout), then the purchase.
      new RegExp(`\\[payments\\] could not record \\w+: Error: ledger create checkoutCredits/\\w+ took longer than ${E2E_FIRESTORE_TIMEOUT_MS} ms`),
    );
  } finally {
    // Waits for a handler still running, so nothing takes the service down again after this.
    await page.unrouteAll({ behavior: 'wait' });
    await outage('none');
  }
  await page.reload();
  await reveal(page, card(page, documentary.title), 'Documentaries');
  await expect(card(page, documentary.title).getByRole('button', { name: /^Free/ })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('solenema:pending-payments'))).toBeNull();
});
