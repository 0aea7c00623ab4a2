import BigNumber from 'bignumber.js';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from '@playwright/test';
import { content } from './support/catalog';
import { chainControl } from './support/chain';
import { createTestWallet } from './support/phantom/wallet';
import { CHAIN_URL, E2E_RECIPIENT } from './support/ports';
import { expect, test } from './support/offline';
import { openQrDialog, ownedPaths, restoreInNewBrowser } from './support/purchase';
import { askTransactionAnswer, payRequest, referenceOf, scanQrCode, transactionLinkOf } from './support/solana-pay-wallet';

const [trailerId, trailer] = content.trailers.find(([, t]) => t.locked)!;
const trailerPage = `/watch/trailers/${trailerId}`;
const FAILED = 'Transaction failed. Please try again.';

/** Opens the purchase of the locked trailer on its own page (no wallet extension) and reads the QR code. */
async function openQrCheckout(page: Page) {
  const { dialog, qr } = await openQrDialog(page, trailerPage);
  await expect(qr).toBeVisible();
  return { dialog, url: await scanQrCode(qr) };
}

/** A QR checkout paid by `wallet` after its browser forgot it (tab, cookie and storage gone): only the server remembers it. */
async function payForgottenCheckout(browser: Browser, wallet: Keypair) {
  const forgetful = await browser.newContext();
  const { url } = await openQrCheckout(await forgetful.newPage());
  await forgetful.close();
  await payRequest(url, {}, wallet);
}

const statusChecks = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/payments/status') && seen.push(request.url()));
  return seen;
};

test.describe('Solana Pay QR code', () => {
  test('a visitor without an extension scans, a phone wallet pays, and the page unlocks and plays without a reload', async ({ page, browser }) => {
    const { dialog, url } = await openQrCheckout(page);
    // A transaction request: the wallet asks this site for the transaction (its terms: e2e/payments-transaction-request.spec.ts).
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('solana:');
    expect(transactionLinkOf(url)?.pathname).toMatch(/^\/api\/pay\/[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(parsed.searchParams.get('label')).toBe('Solenema');
    const asked = await askTransactionAnswer(transactionLinkOf(url)!, Keypair.generate().publicKey.toBase58());
    expect(asked.message).toBe(`Unlock ${trailer.title} for 0.01 SOL`);
    // Beside it, the same terms as a transfer request, for wallets that cannot ask for a transaction.
    const transfer = new URL((await dialog.getByRole('link', { name: /transfer request/ }).getAttribute('href'))!);
    expect([transfer.pathname, transfer.searchParams.get('amount'), transfer.searchParams.get('reference')]).toEqual([E2E_RECIPIENT, '0.01', referenceOf(url)]);
    // The Phantom path is unchanged beside it, and the desktop message for a missing extension too.
    await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Please install Phantom Wallet extension!');
    await expect(dialog.getByRole('status')).toContainText('Waiting for your payment');

    const signature = await payRequest(url);
    const video = dialog.locator('video');
    await expect(video).toHaveAttribute('src', /^\/api\/media\//, { timeout: 15_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.readyState >= 2), { timeout: 15_000 }).toBe(true);
    await expect(dialog.getByRole('link', { name: /Transaction/ })).toHaveAttribute('href', new RegExp(`/tx/${signature}\\?`));

    await page.reload();
    await expect(page.getByRole('button', { name: /Pay with Solana/ })).toHaveCount(0);
    expect(await ownedPaths(page)).toContain(`trailers/${trailerId}`);
    // The phone paid for the browser that showed the code, nobody else.
    const stranger = await browser.newPage();
    expect(((await (await stranger.request.get('/api/entitlements')).json()) as { paths: string[] }).paths).toEqual([]);
    await stranger.close();
  });

  test('a QR paid an hour after its checkout (the chain’s clock an hour ahead) is still credited', async ({ page }) => {
    const { dialog, url } = await openQrCheckout(page);
    const chain = chainControl(CHAIN_URL);
    await chain.setTimeOffset(60 * 60);
    try {
      await payRequest(url);
    } finally {
      await chain.setTimeOffset(0);
    }
    await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 15_000 });
    expect(await ownedPaths(page)).toEqual([`trailers/${trailerId}`]);
  });

  for (const [what, change] of [
    ['too little', () => ({ amount: new BigNumber('0.005') })],
    ['the wrong recipient', () => ({ recipient: Keypair.generate().publicKey })],
  ] as const) {
    test(`a payment of ${what} is refused and nothing unlocks`, async ({ page }) => {
      const { dialog } = await openQrCheckout(page);
      // Only a transfer request lets a wallet pay other terms: the transaction request is built by the site.
      await payRequest((await dialog.getByRole('link', { name: /transfer request/ }).getAttribute('href'))!, change());
      await expect(dialog.getByRole('alert')).toHaveText(FAILED, { timeout: 15_000 });
      await expect(dialog.locator('video')).toHaveCount(0);
      expect(await ownedPaths(page)).toEqual([]);
    });
  }

  test('closing the dialog stops asking; reopening resumes the same checkout', async ({ page }) => {
    const checks = statusChecks(page);
    const { dialog, url } = await openQrCheckout(page);
    await expect.poll(() => checks.length).toBeGreaterThan(1);
    await dialog.getByRole('button', { name: 'Close purchase' }).click();
    await expect(dialog).toHaveCount(0);
    const whenClosed = checks.length;
    await page.waitForTimeout(4_000);
    expect(checks.length).toBe(whenClosed);

    await page
      .getByRole('button', { name: /Pay with Solana/ })
      .first()
      .click();
    expect(await scanQrCode(dialog.getByRole('img', { name: /Solana Pay QR code/ }))).toBe(url);
    await payRequest(url);
    await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 15_000 });
  });

  test('a dialog left open for long stops asking and offers "Check again"; a late payment still unlocks', async ({ page }) => {
    await page.clock.install();
    const checks = statusChecks(page);
    const { dialog, url } = await openQrCheckout(page);
    await expect.poll(() => checks.length).toBeGreaterThan(0);
    await page.clock.fastForward('10:01');
    const checkAgain = dialog.getByRole('button', { name: 'Check again' });
    await expect(checkAgain).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('Still waiting?');
    const whenStopped = checks.length;
    await page.clock.fastForward('01:00');
    expect(checks.length).toBe(whenStopped);

    await payRequest(url);
    await checkAgain.click();
    await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 15_000 });
  });

  test('paid after the tab was closed: the next visit unlocks it', async ({ context }) => {
    const first = await context.newPage();
    const { url } = await openQrCheckout(first);
    await first.close();
    await payRequest(url);

    const later = await context.newPage();
    await later.goto('/');
    await expect.poll(() => ownedPaths(later), { timeout: 15_000 }).toContain(`trailers/${trailerId}`);
    await later.goto(trailerPage);
    await expect(later.getByRole('button', { name: /Pay with Solana/ })).toHaveCount(0);
  });

  test('paid, then buried under more junk transactions carrying its reference than a page of signatures holds: still unlocked', async ({ context }) => {
    const first = await context.newPage();
    const { url } = await openQrCheckout(first);
    await first.close();
    await payRequest(url);
    await chainControl(CHAIN_URL).junk(referenceOf(url), 30);

    const later = await context.newPage();
    await later.goto('/');
    await expect.poll(() => ownedPaths(later), { timeout: 15_000 }).toContain(`trailers/${trailerId}`);
  });

  test('paid after its browser forgot the checkout: the paying wallet restores it in a new browser', async ({ browser }) => {
    test.setTimeout(120_000);
    const wallet = createTestWallet();
    await payForgottenCheckout(browser, wallet);

    const fresh = await restoreInNewBrowser(browser, wallet);
    await expect(fresh.getByRole('dialog').getByRole('alert')).toContainText('Restored 1 purchase');
    expect(await ownedPaths(fresh)).toEqual([`trailers/${trailerId}`]);
    await fresh.close();
  });

  test('paid, then buried under 40 newer transactions of the wallet: restore reads back through its history and finds it', async ({ browser }) => {
    test.setTimeout(120_000);
    const wallet = createTestWallet();
    await payForgottenCheckout(browser, wallet);
    // Ordinary use of the wallet after paying: more transactions than one restore reads.
    await chainControl(CHAIN_URL).junk(wallet.publicKey.toBase58(), 40);

    const fresh = await restoreInNewBrowser(browser, wallet);
    // Each restore reads a bounded part of the history and says when there is more: sign again until it is found.
    const notice = fresh.getByRole('dialog').getByRole('alert');
    for (let restores = 1; ; restores += 1) {
      await expect(notice).toContainText(/Restored 1 purchase|sign again to search further back/, { timeout: 30_000 });
      if ((await notice.textContent())?.includes('Restored 1 purchase')) break;
      expect(restores, 'restores needed').toBeLessThan(4);
      await fresh.getByRole('dialog').getByRole('button', { name: 'Sign and restore' }).click();
      await expect(fresh.getByRole('dialog').getByRole('button', { name: 'Restoring…' })).toHaveCount(0, { timeout: 30_000 });
    }
    expect(await ownedPaths(fresh)).toEqual([`trailers/${trailerId}`]);
    await fresh.close();
  });

  test('the checkout kept in localStorage names no browser: nothing in it is, or contains, the cookie’s id', async ({ page, context }) => {
    await openQrCheckout(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'solenema_browser')!;
    const { id } = decodePayload(cookie.value) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const [stored] = JSON.parse((await page.evaluate(() => localStorage.getItem('solenema:open-transfers'))) ?? '[]') as { checkout: string }[];
    const checkout = decodePayload(stored!.checkout);
    expect(checkout).toMatchObject({ path: `trailers/${trailerId}`, holder: expect.any(String) });
    expect(stored!.checkout).not.toContain(id);
    for (const value of Object.values(checkout)) expect(String(value)).not.toContain(id);
  });
});

/** The JSON inside a signed token (`payload.mac`, base64url): what anyone holding it can read. */
const decodePayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
