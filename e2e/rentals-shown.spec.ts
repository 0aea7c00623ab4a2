import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CheckoutAnswer } from '@/lib/payments/contract';
import { expect, test } from './support/offline';
import { createTestWallet } from './support/phantom/wallet';
import { RENTAL_PAGES_SITE_URL } from './support/ports';
import { stopServer } from './support/processes';
import { card, purchaseDialog, withWallet } from './support/purchase';
import { startSiteInstance } from './support/site-instance';

/**
 * A rental as the page tells it, on a site whose clock the test moves (e2e/support/server-clock.cjs): how long is left
 * instead of the pay button while it plays; once it has ended, the player says why and offers to rent again or buy,
 * the page says "Your rental ended" beside the pay button, and buying is offered at the difference.
 */
const HOUR_MS = 60 * 60_000;
const FILM_PAGE = '/short-films/glass-harvest';

const clockFile = join(mkdtempSync(join(tmpdir(), 'solenema-clock-')), 'offset');
/** Moves the site's clock to `ms` past real time (the clock file is read every 100 ms). */
const setSiteClock = (ms: number) => new Promise((done) => (writeFileSync(clockFile, String(ms)), setTimeout(done, 300)));

const siteUrl = RENTAL_PAGES_SITE_URL;
let site: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  writeFileSync(clockFile, '0');
  site = await startSiteInstance(siteUrl, { NODE_OPTIONS: `--require ${resolve('e2e/support/server-clock.cjs')}`, SERVER_CLOCK_FILE: clockFile });
});
test.afterAll(() => stopServer(site));

test('a rented title shows the time left while it plays; once ended, the player says why and offers to rent again or buy at the difference', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await withWallet(page, createTestWallet());
  await page.goto(`${siteUrl}${FILM_PAGE}`);
  // The title's own header, above its episodes.
  const header = page.getByRole('main').locator('header').first();
  await header.getByRole('button', { name: /unlock Glass Harvest$/ }).click();
  const dialog = purchaseDialog(page);
  await dialog.getByRole('radio', { name: 'Rent 2 days 0.02 SOL' }).check();
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
  // The rental plays at once: its first play starts its 48 hours.
  await expect(dialog.locator('video')).toBeAttached({ timeout: 20_000 });
  await expect(dialog).toContainText('Paid 0.02 SOL');
  await dialog.getByRole('button', { name: 'Close player' }).click();

  // Instead of the pay button: the time left, as the server's clock has it.
  await page.reload();
  await expect(header.getByText(/^Rented: (47 hours|2 days) left$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay with Solana/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Ways to pay' })).toBeHidden();

  // 48 hours later, the page still open: the player is refused the next episode's link, and says why.
  await setSiteClock(48 * HOUR_MS + 60_000);
  await card(page, 'Resonance').getByRole('button', { name: /^Free/ }).click();
  const player = page.getByRole('dialog');
  const ended = player.getByRole('alert');
  await expect(ended).toContainText(/Your 2 days rental of Resonance ended on .*\. Rent it again or buy it\./);
  await expect(ended).toContainText('Buy · 0.06 SOL');
  await expect(ended).toContainText('Rent 2 days · 0.02 SOL');
  // The page learns it too: the ended rental, and the pay button back.
  await expect(header.getByText('Your rental ended')).toBeVisible();

  const checkouts: Promise<CheckoutAnswer>[] = [];
  page.on('response', (response) => response.url().endsWith('/api/checkout') && checkouts.push(response.json() as Promise<CheckoutAnswer>));
  await ended.getByRole('button', { name: 'Rent again or buy' }).click();
  const purchase = purchaseDialog(page);
  await expect(purchase.getByRole('radio', { name: 'Buy 0.06 SOL' })).toBeChecked();
  // A buyer who rented it pays the difference: the checkout says so, and so does the dialog.
  await expect(purchase.getByTestId('purchase-price')).toHaveText('0.04 SOL');
  await expect(purchase.getByTestId('purchase-credit')).toHaveText('Your rental counts toward owning it: you pay the difference, 0.04 SOL of 0.06 SOL.');
  expect(await checkouts[0]).toMatchObject({ kind: 'buy', price: { currency: 'SOL', units: 40_000_000 } });
  await purchase.getByRole('radio', { name: 'Rent 2 days 0.02 SOL' }).check();
  await expect(purchase.getByTestId('purchase-price')).toHaveText('0.02 SOL');
  await expect(purchase.getByTestId('purchase-credit')).toHaveCount(0);
  await purchase.getByRole('button', { name: 'Close purchase' }).click();

  // A later visit says the same.
  await page.reload();
  await expect(header.getByText('Your rental ended')).toBeVisible();
  await expect(header.getByRole('button', { name: /unlock Glass Harvest$/ })).toBeVisible();
});
