import type { Page } from '@playwright/test';
import { content } from './support/catalog';
import { insightSiteReady, READY_TIMEOUT_MS } from './support/insight-site';
import { E2E_VARIANT_PRICE_LAMPORTS, INSIGHT_SITE_URL } from './support/ports';
import { expect, test } from './support/offline';
import { card, openPurchaseOnPage, reveal } from './support/purchase';

// The second e2e build charges PRICE_LAMPORTS=20000000 for titles without a price of their own: every price a visitor reads must say so.
const PRICE = '0.02 SOL';
const DEFAULT_PRICE = /0\.01\s*SOL/;
const [lockedTrailerId, lockedTrailer] = content.trailers.find(([, t]) => t.locked)!;

test.use({ baseURL: INSIGHT_SITE_URL });
test.beforeAll(async () => {
  test.setTimeout(READY_TIMEOUT_MS);
  await insightSiteReady();
});

/** What a visitor and a crawler read: the text, and the description in the head. */
const readable = async (page: Page) => `${await page.locator('body').innerText()}\n${await page.locator('meta[name="description"]').getAttribute('content')}`;

test('a title without a price of its own shows the configured one on its card and its page, never the default', async ({ page }) => {
  expect(E2E_VARIANT_PRICE_LAMPORTS).toBe(20_000_000);
  await page.goto('/');
  const trailer = card(page, lockedTrailer.title);
  await reveal(page, trailer, 'Trailers');
  await expect(trailer.locator('[data-price]')).toHaveText(PRICE);
  expect(await readable(page)).not.toMatch(DEFAULT_PRICE);
  await page.goto(`/watch/trailers/${lockedTrailerId}`);
  await expect(page.getByRole('list', { name: 'Ways to pay' })).toContainText(`Buy · ${PRICE}`);
});

test('no page quotes one price for every title: each title shows its own', async ({ page }) => {
  for (const path of ['/', '/solenema-wallet', '/ai-agent']) {
    await page.goto(path);
    const text = await readable(page);
    expect(text, path).toMatch(/each (title|locked one|of the rest) shows its price/i);
    expect(text, path).not.toMatch(DEFAULT_PRICE);
  }
});

test('the purchase dialog and its Solana Pay code ask for the configured price, as the checkout charges it', async ({ page }) => {
  const checkout = page.waitForResponse((response) => response.url().endsWith('/api/checkout'));
  const dialog = await openPurchaseOnPage(page, `/watch/trailers/${lockedTrailerId}`);
  await expect(dialog.getByTestId('purchase-price')).toHaveText(PRICE);
  expect(await (await checkout).json()).toMatchObject({
    price: { currency: 'SOL', units: E2E_VARIANT_PRICE_LAMPORTS },
    kind: 'buy',
    path: `trailers/${lockedTrailerId}`,
  });
  await expect(dialog.getByTestId('solana-pay-qr')).toHaveAttribute('alt', `Solana Pay QR code to pay ${PRICE}`);
  await expect(dialog.getByTestId('purchase-price')).toHaveText(PRICE);
  expect(await dialog.innerText()).not.toMatch(DEFAULT_PRICE);
});
