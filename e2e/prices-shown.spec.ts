import type { ChildProcess } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { createMint, getOrCreateAssociatedTokenAccount } from '@solana/spl-token';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import type { CheckoutAnswer, CheckoutRequest } from '@/lib/payments/contract';
import { chainControl, NOT_COUNTED } from './support/chain';
import { expect, test } from './support/offline';
import { CHAIN_URL, E2E_RECIPIENT, E2E_REVALIDATE_SECRET, USDC_SITE_URL } from './support/ports';
import { stopServer } from './support/processes';
import { card, purchaseDialog, reveal } from './support/purchase';
import { siteFirestore } from './support/site-firestore';
import { startSiteInstance } from './support/site-instance';
import { referenceOf, scanQrCode } from './support/solana-pay-wallet';

/**
 * Issue 41's "the price shown is the price charged, everywhere": each title's own price on its card, its page, its
 * JSON-LD Offer, the purchase dialog and the Solana Pay code, and the ways to pay offered as a choice, each checking
 * out its own kind and price.
 */

type Offer = { '@type': string; name: string; price: string; priceCurrency: string; leaseLength?: { value: number; unitCode: string } };

const jsonLdOf = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { offers?: Offer[]; isAccessibleForFree?: boolean };

/** Every checkout the page asks for: what it asked (the body) and what the server answered. */
function checkoutsOf(page: Page) {
  const seen: { asked: CheckoutRequest; answer: Promise<CheckoutAnswer> }[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/checkout')) return;
    seen.push({ asked: request.postDataJSON() as CheckoutRequest, answer: request.response().then((response) => response!.json() as Promise<CheckoutAnswer>) });
  });
  return seen;
}

/**
 * The terms the dialog's QR code is paid at, as its transfer request beside it names them (the QR's own transaction
 * request names the same reference; what it builds is checked in e2e/payments-transaction-request.spec.ts).
 */
async function qrRequest(dialog: Locator) {
  const qr = dialog.getByTestId('solana-pay-qr');
  await expect(qr).toBeVisible({ timeout: 15_000 });
  const transfer = new URL((await dialog.getByRole('link', { name: /transfer request/ }).getAttribute('href'))!);
  expect(transfer.searchParams.get('reference')).toBe(referenceOf(await scanQrCode(qr)));
  return transfer;
}

const price = (locator: Locator) => locator.locator('[data-price]');

test('a title priced 0.05 SOL shows 0.05 SOL on its cards, its page, its JSON-LD Offer, the dialog and the QR code, and is checked out at 0.05', async ({
  page,
}) => {
  await page.goto('/');
  const homeCard = card(page, 'Orbit of Wolves');
  await reveal(page, homeCard, 'Trailers');
  await expect(price(homeCard)).toHaveText('0.05 SOL');
  await page.goto('/trailers');
  await expect(price(card(page, 'Orbit of Wolves'))).toHaveText('0.05 SOL');

  const checkouts = checkoutsOf(page);
  await page.goto('/watch/trailers/orbit-of-wolves');
  await expect(page.getByRole('list', { name: 'Ways to pay' })).toContainText('Buy · 0.05 SOL');
  expect((await jsonLdOf(page)).offers).toEqual([expect.objectContaining({ '@type': 'Offer', price: '0.05', priceCurrency: 'SOL' })]);

  await page.getByRole('button', { name: /Pay with Solana/ }).click();
  const dialog = purchaseDialog(page);
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.05 SOL');
  // One way to pay: no choice to make.
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  const url = await qrRequest(dialog);
  expect(url.searchParams.get('amount')).toBe('0.05');
  expect(url.searchParams.get('spl-token')).toBeNull();
  expect(checkouts.map(({ asked }) => asked)).toEqual([{ path: 'trailers/orbit-of-wolves', kind: 'buy' }]);
  expect(await checkouts[0]!.answer).toMatchObject({ kind: 'buy', price: { currency: 'SOL', units: 50_000_000 } });
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.05 SOL');
});

test('a short film to buy or to rent offers both in the dialog, and each choice checks out its own kind at its own price', async ({ page }) => {
  await page.goto('/short-films');
  await expect(price(card(page, 'Glass Harvest'))).toHaveText('From 0.02 SOL');

  const checkouts = checkoutsOf(page);
  await page.goto('/short-films/glass-harvest');
  const offers = page.getByRole('list', { name: 'Ways to pay' });
  await expect(offers).toContainText('Buy · 0.06 SOL');
  await expect(offers).toContainText('Rent 2 days · 0.02 SOL');
  expect((await jsonLdOf(page)).offers).toEqual([
    expect.objectContaining({ name: 'Buy', price: '0.06', priceCurrency: 'SOL' }),
    expect.objectContaining({ name: 'Rent 2 days', price: '0.02', priceCurrency: 'SOL', leaseLength: expect.objectContaining({ value: 48, unitCode: 'HUR' }) }),
  ]);

  // The title's own pay button, above its episodes' (each sold the same ways).
  await page.getByRole('button', { name: /unlock Glass Harvest$/ }).click();
  const dialog = purchaseDialog(page);
  const choices = dialog.getByRole('group', { name: 'Choose how to pay' });
  const buy = choices.getByRole('radio', { name: 'Buy 0.06 SOL' });
  const rent = choices.getByRole('radio', { name: 'Rent 2 days 0.02 SOL' });
  await expect(buy).toBeChecked();
  await expect(rent).toHaveAccessibleDescription(/for 2 days from your first play/);
  expect((await qrRequest(dialog)).searchParams.get('amount')).toBe('0.06');
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.06 SOL');

  await rent.check();
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.02 SOL');
  await expect.poll(() => checkouts.length).toBe(2);
  await expect.poll(async () => (await qrRequest(dialog)).searchParams.get('amount')).toBe('0.02');
  expect(checkouts.map(({ asked }) => asked)).toEqual([
    { path: 'shortFilms/glass-harvest', kind: 'buy' },
    { path: 'shortFilms/glass-harvest', kind: 'rent' },
  ]);
  expect(await checkouts[0]!.answer).toMatchObject({ kind: 'buy', price: { currency: 'SOL', units: 60_000_000 } });
  expect(await checkouts[1]!.answer).toMatchObject({ kind: 'rent', hours: 48, price: { currency: 'SOL', units: 20_000_000 } });

  // Back to buying: the checkout this page showed for it, while it is payable, not a third one.
  await buy.check();
  await expect.poll(async () => (await qrRequest(dialog)).searchParams.get('amount')).toBe('0.06');
  expect(checkouts).toHaveLength(2);
});

test('an episode of a series with a season pass offers the pass and the whole series, says what each covers, and checks out the one chosen', async ({
  page,
}) => {
  const checkouts = checkoutsOf(page);
  await page.goto('/series/wild-frequencies/season/season-one');
  // Said on the page, before paying.
  const offers = page.getByRole('list', { name: 'Ways to pay' });
  await expect(offers).toContainText('Season pass · 0.03 SOL');
  await expect(offers).toContainText('Every episode of Season 1');
  await expect(offers).toContainText('The whole series · 0.08 SOL');
  await expect(offers).toContainText('Every season and episode, including those added later');
  expect((await jsonLdOf(page)).offers).toEqual([
    expect.objectContaining({ name: 'Season pass', price: '0.03' }),
    expect.objectContaining({ name: 'The whole series', price: '0.08' }),
  ]);

  const episode = card(page, 'The Humming Dunes');
  await expect(price(episode)).toHaveText('From 0.03 SOL');
  await episode.getByRole('button', { name: /Pay with Solana/ }).click();
  const dialog = purchaseDialog(page);
  const pass = dialog.getByRole('radio', { name: 'Season pass 0.03 SOL' });
  const whole = dialog.getByRole('radio', { name: 'The whole series 0.08 SOL' });
  await expect(pass).toHaveAccessibleDescription('Every episode of Season 1');
  await expect(whole).toHaveAccessibleDescription('Every season and episode, including those added later');
  await expect(pass).toBeChecked();
  expect((await qrRequest(dialog)).searchParams.get('amount')).toBe('0.03');

  await whole.check();
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.08 SOL');
  await expect.poll(async () => (await qrRequest(dialog)).searchParams.get('amount')).toBe('0.08');
  expect(checkouts.map(({ asked }) => asked)).toEqual([
    { path: 'series/wild-frequencies/seasons/season-one', kind: 'buy' },
    { path: 'series/wild-frequencies', kind: 'buy' },
  ]);
  expect(await checkouts[0]!.answer).toMatchObject({ price: { currency: 'SOL', units: 30_000_000 } });
  expect(await checkouts[1]!.answer).toMatchObject({ price: { currency: 'SOL', units: 80_000_000 } });

  // A season with no pass of its own is sold with its series alone.
  await page.goto('/series/wild-frequencies/season/season-two');
  await expect(page.getByRole('list', { name: 'Ways to pay' }).getByRole('listitem')).toHaveText([/^The whole series · 0\.08 SOL/]);
});

test('a title whose price is malformed says it is not for sale, has no pay button and no JSON-LD Offer', async ({ page, request }) => {
  // A locked trailer an operator wrote in the console, with a price that is text.
  const path = 'trailers/e2e-malformed-price';
  const document = siteFirestore().doc(path);
  const revalidate = () => request.post('/api/revalidate', { headers: { Authorization: `Bearer ${E2E_REVALIDATE_SECRET}` }, data: { titles: [path] } });
  await document.set({
    title: 'A Price Typed as Text',
    coverimg: '/media/covers/trailers/iron-meridian.jpg',
    type: 'Movie',
    locked: true,
    videourl: 'private:trailers/iron-meridian.mp4',
    price: 'five',
  });
  try {
    expect((await revalidate()).status()).toBe(200);
    await page.goto('/watch/trailers/e2e-malformed-price');
    await expect(page.getByRole('heading', { level: 1, name: 'A Price Typed as Text' })).toBeVisible();
    await expect(page.getByText('Not for sale just now')).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay with Solana/ })).toHaveCount(0);
    const data = await jsonLdOf(page);
    expect(data.isAccessibleForFree).toBe(false);
    expect(data).not.toHaveProperty('offers');
  } finally {
    await document.delete();
    await revalidate();
  }
});

test.describe('a title priced in USDC', () => {
  let site: ChildProcess | undefined;
  let mint = '';
  const siteUrl = USDC_SITE_URL;

  // A 6-decimal mint made here stands for USDC (USDC_MINT), and the recipient holds its token account, as docs/selling.md asks.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const connection = new Connection(CHAIN_URL, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });
    const payer = Keypair.generate();
    await chainControl(CHAIN_URL).airdrop(payer.publicKey.toBase58(), 1_000_000_000);
    const made = await createMint(connection, payer, payer.publicKey, null, 6);
    await getOrCreateAssociatedTokenAccount(connection, payer, made, new PublicKey(E2E_RECIPIENT));
    mint = made.toBase58();
    site = await startSiteInstance(siteUrl, { USDC_MINT: mint });
  });
  test.afterAll(() => stopServer(site));

  test('shows 2.50 USDC on its card, its page, its JSON-LD Offer and the dialog, and its QR code asks for the token', async ({ page }) => {
    await page.goto(`${siteUrl}/documentaries`);
    await expect(price(card(page, 'The Ice Archive'))).toHaveText('2.50 USDC');
    const checkouts = checkoutsOf(page);
    await page.goto(`${siteUrl}/watch/documentaries/the-ice-archive`);
    await expect(page.getByRole('list', { name: 'Ways to pay' })).toContainText('Buy · 2.50 USDC');
    expect((await jsonLdOf(page)).offers).toEqual([expect.objectContaining({ price: '2.5', priceCurrency: 'USDC' })]);

    await page.getByRole('button', { name: /Pay with Solana/ }).click();
    const dialog = purchaseDialog(page);
    await expect(dialog.getByTestId('purchase-price')).toHaveText('2.50 USDC');
    const url = await qrRequest(dialog);
    expect(url.searchParams.get('amount')).toBe('2.5');
    expect(url.searchParams.get('spl-token')).toBe(mint);
    expect(await checkouts[0]!.answer).toMatchObject({ price: { currency: 'USDC', units: 2_500_000 }, mint });
    await expect(dialog.getByTestId('purchase-price')).toHaveText('2.50 USDC');
  });
});
