import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { content } from './support/catalog';
import { expect, test } from './support/offline';
import { SHORT_CHECKOUT_SITE_URL } from './support/ports';
import { stopServer } from './support/processes';
import { openQrDialog, ownedPaths } from './support/purchase';
import { startSiteInstance } from './support/site-instance';
import { payRequest, referenceOf, scanQrCode } from './support/solana-pay-wallet';

/** The checkout window of this spec's site: seconds, so a test watches a request expire. */
const WINDOW_SECONDS = 12;
const [trailerId] = content.trailers.find(([, t]) => t.locked)!;
const trailerPage = `${SHORT_CHECKOUT_SITE_URL}/watch/trailers/${trailerId}`;

// One site instance for the file: its tests share it, so they run in one worker (two would start it twice on one port).
test.describe.configure({ mode: 'serial' });

let site: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await startSiteInstance(SHORT_CHECKOUT_SITE_URL, { CHECKOUT_WINDOW_SECONDS: String(WINDOW_SECONDS) });
});
test.afterAll(() => stopServer(site));

const openQrCheckout = (page: Page) => openQrDialog(page, trailerPage);

test('the dialog says until when its QR is payable, draws a fresh one when it expires, and a payment of the expired one is still credited', async ({
  page,
}) => {
  const checkouts: number[] = [];
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/checkout') && checkouts.push(Date.now()));
  const { dialog, qr } = await openQrCheckout(page);
  await expect(qr).toBeVisible();
  const expiry = dialog.getByTestId('solana-pay-expiry');
  await expect(expiry).toContainText(/Pay this code by \d{1,2}:\d{2}/);
  const firstUrl = await scanQrCode(qr);
  const firstExpiry = await expiry.locator('time').getAttribute('dateTime');
  const firstSrc = await qr.getAttribute('src');

  // Once the window is over the old code is gone, replaced by a fresh checkout with a later expiry.
  await expect.poll(() => qr.getAttribute('src'), { timeout: (WINDOW_SECONDS + 10) * 1000 }).not.toBe(firstSrc);
  expect(checkouts).toHaveLength(2);
  expect(checkouts[1]! - checkouts[0]!).toBeGreaterThanOrEqual((WINDOW_SECONDS - 1) * 1000);
  const secondUrl = await scanQrCode(qr);
  expect(referenceOf(secondUrl)).not.toBe(referenceOf(firstUrl));
  expect(Date.parse((await expiry.locator('time').getAttribute('dateTime'))!)).toBeGreaterThan(Date.parse(firstExpiry!));

  // A phone that scanned the expired code pays it anyway: the server still keeps that checkout, and the page finishes it.
  await payRequest(firstUrl);
  await page.reload();
  await expect.poll(() => ownedPaths(page, SHORT_CHECKOUT_SITE_URL), { timeout: 20_000 }).toContain(`trailers/${trailerId}`);
});

test('"Try again" after a refused checkout makes a new one, and no refused code stays drawn', async ({ page }) => {
  const checkouts: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/checkout') && checkouts.push(request.url()));
  // The server no longer keeps the first checkout (as after 30 days): its verdict, and the code is refused for good.
  await page.route('**/api/payments/status', (route) => route.fulfill({ status: 410, json: { error: 'This checkout is no longer kept.', code: 'expired' } }), {
    times: 1,
  });
  const { dialog, qr } = await openQrCheckout(page);
  await expect(dialog.getByRole('status')).toContainText('The QR code is unavailable just now.');
  await expect(qr).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(qr).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Waiting for your payment');
  expect(checkouts).toHaveLength(2);
});
