import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import type { Browser } from '@playwright/test';
import { apiBuyer } from './support/api-buyer';
import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { CODES_SITE_URL, DESKTOP, PHONE } from './support/ports';
import { expect, test } from './support/offline';
import { openPurchaseOnPage, withWallet } from './support/purchase';
import { stopServer } from './support/processes';
import { startSiteInstance } from './support/site-instance';
import { askTransactionAnswer, scanQrCode, transactionLinkOf } from './support/solana-pay-wallet';

/**
 * Issue 55's codes, on a site with a studio wallet of its own: a code made in the studio halves the price in the
 * dialog, the QR and the receipt; a cap of one holds under two checkouts at once; a screener unlocks with no payment
 * and the studio lists it as a screener; a wrong code is told why; guessing from one address is limited.
 */
test.describe.configure({ mode: 'serial' });

const STUDIO = Keypair.fromSeed(new Uint8Array(32).fill(55));
const [trailerId, trailer] = content.trailers.find(([, t]) => t.locked)!;
const TRAILER = `trailers/${trailerId}`;
const trailerPage = `${CODES_SITE_URL}/watch/trailers/${trailerId}`;
// The emulator outlives a run of one spec: codes of this run are its own.
const run = randomBytes(3).toString('hex').toUpperCase();
const HALF = `HALF${run}`;
const CAPPED = `ONCE${run}`;
const PRESS = `PRESS${run}`;

let site: ChildProcess | undefined;
const operator = apiBuyer(CODES_SITE_URL, '203.0.113.155');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startSiteInstance(CODES_SITE_URL, { STUDIO_WALLETS: STUDIO.publicKey.toBase58() });
  expect((await operator.openStudio(STUDIO)).response.status).toBe(200);
  for (const code of [
    { code: HALF.toLowerCase(), off: 'percent', value: 50, scope: 'all' },
    { code: CAPPED, off: 'percent', value: 20, scope: TRAILER, cap: 1 },
  ]) {
    const made = await operator.send('/api/studio/codes', code);
    expect(made.status, await made.text()).toBe(200);
  }
});
test.afterAll(() => stopServer(site));

/** The studio page as its operator sees it, in a context holding the operator's session. */
async function studioPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([...operator.cookies()].map(([name, value]) => ({ name, value, url: CODES_SITE_URL })));
  const page = await context.newPage();
  await page.goto(`${CODES_SITE_URL}/studio`);
  return { context, page };
}

test('a 50 % code halves the price in the dialog, the QR and the receipt; a wrong code is told why', async ({ page }) => {
  test.setTimeout(90_000);
  await withWallet(page, createTestWallet());
  const dialog = await openPurchaseOnPage(page, trailerPage);
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.01 SOL');
  const field = dialog.getByRole('textbox', { name: 'Code' });

  await field.fill('nope-nope');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByTestId('purchase-code-reason')).toHaveText('There is no code NOPE-NOPE: check its spelling.');
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.01 SOL');

  // Case-insensitive: typed as a buyer might.
  await field.fill(HALF.toLowerCase());
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByTestId('purchase-code')).toContainText(`Code ${HALF}: 50 % off`);
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.005 SOL');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await dialog.screenshot({ path: test.info().outputPath(`dialog-code-${viewport.width}.png`) });
  }
  const transfer = new URL((await dialog.getByRole('link', { name: /transfer request/ }).getAttribute('href'))!);
  expect(transfer.searchParams.get('amount')).toBe('0.005');
  const qr = dialog.getByRole('img', { name: /Solana Pay QR code/ });
  const asked = await askTransactionAnswer(transactionLinkOf(await scanQrCode(qr))!, Keypair.generate().publicKey.toBase58());
  expect(asked.message).toBe(`Unlock ${trailer.title} for 0.005 SOL`);

  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
  await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 20_000 });
  await expect(dialog).toContainText('Paid 0.005 SOL');
  await dialog.getByRole('link', { name: 'Receipt', exact: true }).click();
  await expect(page.getByTestId('receipt-amount')).toHaveText('0.005 SOL');
});

test('a code with a cap of one: of two checkouts started at once, exactly one is made', async () => {
  const [one, two] = [apiBuyer(CODES_SITE_URL, '203.0.113.156'), apiBuyer(CODES_SITE_URL, '203.0.113.157')];
  const answers = await Promise.all([one, two].map((buyer) => buyer.send('/api/checkout', { path: TRAILER, code: CAPPED })));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([200, 409]);
  const refused = answers.find((answer) => answer.status === 409)!;
  expect(((await refused.json()) as { error: string }).error).toBe(`Code ${CAPPED} has been used as many times as it may (1).`);
  const made = answers.find((answer) => answer.status === 200)!;
  expect(((await made.json()) as { price: unknown }).price).toEqual({ currency: 'SOL', units: 8_000_000 });
});

test('a screener made in the studio unlocks with no payment, and the studio lists it as a screener, not a sale', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const made = await studioPage(browser);
  const form = made.page.getByRole('form', { name: 'New code' });
  await form.getByRole('textbox', { name: 'Code' }).fill(PRESS);
  await form.getByRole('spinbutton', { name: 'How much' }).fill('100');
  await form.getByRole('combobox', { name: 'For' }).fill(TRAILER);
  await form.getByRole('button', { name: 'Make code' }).click();
  await expect(form.getByRole('status')).toHaveText(`Code ${PRESS} saved.`);
  await expect(made.page.locator(`[data-table="codes"] tr[data-code="${PRESS}"]`)).toContainText('free (screener)');
  await made.context.close();

  // No wallet at all: nothing to pay with, nothing paid.
  const dialog = await openPurchaseOnPage(page, trailerPage);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(PRESS);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByTestId('purchase-price')).toHaveText('Free (screener)');
  await expect(dialog.getByRole('img', { name: /Solana Pay QR code/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Unlock with code' }).click();
  await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 20_000 });
  expect(((await (await page.request.get(`${CODES_SITE_URL}/api/entitlements`)).json()) as { paths: string[] }).paths).toContain(TRAILER);

  for (const viewport of [DESKTOP, PHONE]) {
    const studio = await studioPage(browser, viewport);
    const use = studio.page.locator('[data-table="code-uses"] tr', { hasText: PRESS });
    await expect(use).toHaveAttribute('data-use', 'screener');
    await expect(use).toContainText('Screener (no payment)');
    await expect(studio.page.locator(`[data-table="codes"] tr[data-code="${PRESS}"] [data-uses]`)).toHaveText('1');
    await expect(studio.page.locator('[data-table="sales"]')).not.toContainText(PRESS);
    await studio.page.locator('#codes').scrollIntoViewIfNeeded();
    await studio.page.screenshot({ path: test.info().outputPath(`studio-codes-${viewport.width}.png`), fullPage: false });
    await studio.context.close();
  }
});

test('30 code tries a minute from one address, whatever its cookies: the next is answered 429', async () => {
  const guess = (n: number) =>
    fetch(`${CODES_SITE_URL}/api/checkout/code`, {
      method: 'POST',
      // A cookie of its own on every try changes nothing: the budget is the address's.
      headers: { 'content-type': 'application/json', origin: CODES_SITE_URL, 'x-forwarded-for': '203.0.113.158', cookie: `n=${n}` },
      body: JSON.stringify({ path: TRAILER, code: `GUESS${n}` }),
    });
  for (let n = 0; n < 30; n += 1) expect((await guess(n)).status).toBe(404);
  const limited = await guess(30);
  expect(limited.status).toBe(429);
  expect(((await limited.json()) as { error: string }).error).toMatch(/^Too many code tries from this address \(at most 30 a minute\)/);
  // Another address is still served.
  const other = await apiBuyer(CODES_SITE_URL, '203.0.113.159').send('/api/checkout/code', { path: TRAILER, code: HALF });
  expect(other.status).toBe(200);
});
