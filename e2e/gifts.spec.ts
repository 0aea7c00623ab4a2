import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { routes } from '../lib/routes';
import { apiBuyer } from './support/api-buyer';
import { content } from './support/catalog';
import { createTestWallet, fundTestWallet } from './support/phantom/wallet';
import { CHAIN_URL, SITE_URL } from './support/ports';
import { expect, test } from './support/offline';
import { openQrDialog, ownedPaths, withWallet } from './support/purchase';

const [trailerId, trailer] = content.trailers.find(([, t]) => t.locked)!;
const trailerPath = `trailers/${trailerId}`;
const playback = (video: string) => `/api/playback?video=${encodeURIComponent(video)}`;

test('a gift: the giver pays and gets a link, not the title; the first wallet to claim it plays it; the link unlocks nothing after', async ({
  page,
  browser,
}) => {
  const giver = createTestWallet();
  await withWallet(page, giver);
  const { dialog } = await openQrDialog(page, routes.watch('trailers', trailerId));
  await dialog.getByRole('checkbox', { name: 'Buy as a gift' }).check();
  await expect(dialog).toContainText('You get a link to send');
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
  const linkField = dialog.getByTestId('gift-link');
  await expect(linkField).toHaveValue(new RegExp(`^${SITE_URL}/gift/[A-Za-z0-9_-]{43}$`), { timeout: 20_000 });
  const link = await linkField.inputValue();
  await expect(dialog.locator('video')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Receipt' })).toBeVisible();

  // The giver does not own it; the purchases page lists the gift with its link.
  expect(await ownedPaths(page)).toEqual([]);
  expect((await page.request.get(playback(trailerPath))).status()).toBe(403);
  await page.goto(routes.purchases);
  await expect(page.getByTestId('gift-list')).toContainText(trailer.title);
  await expect(page.getByTestId('gift-state')).toHaveText(link);

  // A second browser opens the link, connects a wallet and signs: the title is its own, and plays.
  const recipient = await browser.newPage();
  await withWallet(recipient, createTestWallet(), 0);
  await recipient.goto(link);
  await expect(recipient.getByRole('heading', { name: 'A gift for you' })).toBeVisible();
  await expect(recipient.getByRole('heading', { name: trailer.title })).toBeVisible();
  await recipient.getByRole('button', { name: 'Claim with a wallet' }).click();
  await expect(recipient.getByRole('dialog')).toContainText(`${trailer.title} is yours`, { timeout: 15_000 });
  expect((await recipient.request.get(playback(trailerPath))).status()).toBe(200);
  await recipient.getByRole('link', { name: 'Start watching' }).click();
  await expect(recipient.getByRole('button', { name: /Pay with Solana/ })).toHaveCount(0);
  await recipient.goto(routes.purchases);
  await expect(recipient.getByRole('listitem').filter({ hasText: trailer.title })).toContainText('A gift');

  // A third browser and wallet after it: "already claimed", and nothing plays.
  const third = await browser.newPage();
  await withWallet(third, createTestWallet(), 0);
  await third.goto(link);
  await expect(third.getByTestId('gift-claimed')).toContainText('already claimed');
  await expect(third.getByRole('button', { name: 'Claim with a wallet' })).toHaveCount(0);
  expect((await third.request.get(playback(trailerPath))).status()).toBe(403);

  // The giver sees it claimed, with no link any more.
  await page.reload();
  await expect(page.getByTestId('gift-state')).toHaveText(/^Claimed /);
  await page
    .getByTestId('gift-list')
    .getByRole('link', { name: /Receipt/ })
    .click();
  await expect(page).toHaveURL(/\/purchases\/[1-9A-HJ-NP-Za-km-z]{64,90}$/);
  await expect(page.getByRole('main')).toContainText(trailer.title);

  // A malformed link, and a well-formed one naming no gift, are 404s.
  expect((await page.request.get('/gift/not-a-gift')).status()).toBe(404);
  expect((await page.request.get(`/gift/${'A'.repeat(43)}`)).status()).toBe(404);
  const junkClaim = { token: 'x', signedMessage: 'AAAA', signature: bs58.encode(new Uint8Array(64)), gift: 'not-a-gift' };
  expect((await page.request.post('/api/gifts/claim', { data: junkClaim, headers: { origin: SITE_URL } })).status()).toBe(404);
  await Promise.all([recipient.close(), third.close()]);
});

test('two claims of one gift at once: exactly one wins (410 for the other); the winner’s wallet restores it, the giver’s does not', async () => {
  const payer = Keypair.generate();
  await fundTestWallet(CHAIN_URL, payer, 1_000_000_000);
  const giver = apiBuyer(SITE_URL, '203.0.113.151');
  const link = await giver.payGift(payer, trailerPath);
  expect((await giver.library()).paths).toEqual([]);

  const claimers = [apiBuyer(SITE_URL, '203.0.113.152'), apiBuyer(SITE_URL, '203.0.113.153')];
  const wallets = [Keypair.generate(), Keypair.generate()];
  const claims = await Promise.all(claimers.map((claimer, n) => claimer.claimGift(wallets[n]!, link)));
  const statuses = claims.map(({ response }) => response.status);
  expect([...statuses].sort()).toEqual([200, 410]);
  const winner = statuses.indexOf(200);
  expect((await claimers[winner]!.link(trailerPath)).status).toBe(200);
  expect((await claimers[1 - winner]!.link(trailerPath)).status).toBe(403);
  const refused = (await claims[1 - winner]!.response.json()) as { code: string; error: string };
  expect(refused).toEqual({ code: 'expired', error: expect.stringMatching(/already claimed/) as unknown });

  // A new browser of the winning wallet restores the gift as its own purchase; the giver's wallet restores nothing.
  const winnerElsewhere = apiBuyer(SITE_URL, '203.0.113.154');
  expect((await winnerElsewhere.restore(wallets[winner]!)).response.status).toBe(200);
  expect((await winnerElsewhere.library()).paths).toEqual([trailerPath]);
  const giverElsewhere = apiBuyer(SITE_URL, '203.0.113.155');
  await giverElsewhere.restore(payer);
  expect((await giverElsewhere.library()).paths).toEqual([]);
});
