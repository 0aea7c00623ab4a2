import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { LOCAL_GENESIS_HASH } from './support/chain';
import { expect, test } from './support/offline';
import { newBrowserId } from '@/lib/identity/browser-cookie';
import { mint } from './support/fuzz-cookies';
import { ownerOf, ownerProof } from './support/owner';
import { CHAIN_URL } from './support/ports';
import { siteFirestore } from './support/site-firestore';

/**
 * Issue 41's receipts: every purchase has a printable page, reached from My purchases, shown only to the browser that
 * holds what it paid for; anyone else, the signature in hand (it is public on chain), gets the 404 page.
 */
const PATH = 'trailers/orbit-of-wolves';
const explorer = (signature: string) => `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent(CHAIN_URL)}`;

/** A verified purchase of `path` as the ledger records it, granted to a new browser; that browser's cookies, in a context of its own. */
async function buyerOf(browser: Browser, path: string, price: { currency: 'SOL' | 'USDC'; units: number }) {
  const signature = bs58.encode(randomBytes(64));
  const wallet = Keypair.generate().publicKey.toBase58();
  const { id, cookie } = await ownerOf(path, signature);
  await siteFirestore()
    .doc(`purchases/${signature}`)
    .set({
      signature,
      wallet,
      path,
      price,
      kind: 'buy',
      slot: 1,
      blockTime: Math.floor(Date.now() / 1000),
      verifiedAt: new Date().toISOString(),
      reference: Keypair.generate().publicKey.toBase58(),
      browser: id,
      cluster: LOCAL_GENESIS_HASH,
    });
  const context = await browser.newContext();
  await context.addCookies(
    [
      ['solenema_browser', cookie],
      ['solenema_owner', ownerProof(id)],
      ['solenema_owns', '1'],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: '127.0.0.1', path: '/' })),
  );
  return { signature, wallet, context };
}

test('a buyer reaches the receipt from My purchases: the title, what was bought, the amount, the date, the wallet and the transaction; printable', async ({
  browser,
}) => {
  const { signature, wallet, context } = await buyerOf(browser, PATH, { currency: 'SOL', units: 50_000_000 });
  try {
    const page = await context.newPage();
    await page.goto('/purchases');
    const listed = page.getByRole('listitem').filter({ hasText: 'Orbit of Wolves' });
    await expect(listed).toContainText('0.05 SOL · Bought to keep');
    await listed.getByRole('link', { name: 'Receipt for Orbit of Wolves' }).click();
    await expect(page).toHaveURL(`/purchases/${signature}`);

    const receipt = page.getByRole('article', { name: 'Orbit of Wolves' });
    await expect(receipt.getByTestId('receipt-amount')).toHaveText('0.05 SOL');
    await expect(receipt).toContainText('Bought to keep');
    await expect(receipt.getByTestId('receipt-wallet')).toHaveText(wallet);
    await expect(receipt.getByRole('link', { name: /on Solana Explorer/ })).toHaveAttribute('href', explorer(signature));
    await expect(receipt.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();

    // Drawn for this browser alone: never cached, never indexed.
    const answer = await page.goto(`/purchases/${signature}`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toMatch(/private|no-store/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // On paper: black on white, the receipt alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('body > header')).toBeHidden();
    await expect(page.locator('body > footer')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await receipt.getByTestId('receipt-amount').evaluate((amount) => getComputedStyle(amount).color)).toBe('rgb(0, 0, 0)');
  } finally {
    await context.close();
  }
});

test('a receipt is the 404 page to any other browser: one with no purchases, and one that bought something else', async ({ browser }) => {
  const { signature } = await buyerOf(browser, PATH, { currency: 'SOL', units: 50_000_000 });
  const other = await buyerOf(browser, 'documentaries/the-ice-archive', { currency: 'USDC', units: 2_500_000 });
  const stranger = await browser.newContext();
  try {
    for (const context of [stranger, other.context]) {
      const page = await context.newPage();
      const answer = await page.goto(`/purchases/${signature}`);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('Orbit of Wolves')).toHaveCount(0);
      await expect(page.getByText(signature)).toHaveCount(0);
    }
    // Its own receipt still shows, in USDC.
    const page = await other.context.newPage();
    await page.goto(`/purchases/${other.signature}`);
    await expect(page.getByTestId('receipt-amount')).toHaveText('2.50 USDC');
  } finally {
    await Promise.all([stranger.close(), other.context.close()]);
  }
});

test('a browser that only says it owns something (the readable hint, no owner proof) is confirmed by the library route before any receipt is read', async ({
  browser,
}) => {
  const { signature, context } = await buyerOf(browser, PATH, { currency: 'SOL', units: 50_000_000 });
  // As after a key rotation, or in a browser from before the proof: the hint and the browser cookie only.
  await context.clearCookies({ name: 'solenema_owner' });
  const forger = await browser.newContext();
  // A browser cookie this server signed (any visitor gets one free) beside a hint it set itself.
  await forger.addCookies(
    [
      ['solenema_browser', mint('browser', { id: newBrowserId(), iat: Math.floor(Date.now() / 1000) })],
      ['solenema_owns', '1'],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: '127.0.0.1', path: '/' })),
  );
  try {
    const page = await context.newPage();
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/entitlements'));
    await page.goto('/purchases');
    expect((await asked).status()).toBe(200);
    // The library route proved it: the page is drawn again with its receipts.
    await expect(page.getByRole('link', { name: 'Receipt for Orbit of Wolves' })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === 'solenema_owner')).toBe(true);
    await page.goto(`/purchases/${signature}`);
    await expect(page.getByTestId('receipt-amount')).toHaveText('0.05 SOL');

    // A forged hint in a browser that owns nothing: told so, nothing shown.
    const forged = await forger.newPage();
    await forged.goto(`/purchases/${signature}`);
    await expect(forged.getByText('This browser holds nothing this payment bought.')).toBeVisible();
    await expect(forged.getByText(signature)).toHaveCount(0);
    await forged.goto('/purchases');
    await expect(forged.getByText(/^Nothing here yet\./)).toBeVisible();
  } finally {
    await Promise.all([context.close(), forger.close()]);
  }
});
