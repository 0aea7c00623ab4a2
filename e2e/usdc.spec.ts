import { Keypair } from '@solana/web3.js';
import { apiBuyer } from './support/api-buyer';
import { chainControl } from './support/chain';
import { expect, test } from './support/offline';
import { CHAIN_URL, E2E_USDC_MINT, SITE_URL } from './support/ports';
import { openQrDialog } from './support/purchase';
import { payRequest, scanQrCode } from './support/solana-pay-wallet';

/**
 * Issue 41's USDC, on the local chain with the real SPL Token program and the site's 6-decimal mint (global setup makes
 * it, and the recipient's token account): a title priced 2.50 USDC is bought with a transferChecked as Phantom pays it,
 * and through its Solana Pay QR by a phone wallet; 2.49 USDC, another mint and SOL are each refused with a reason.
 */
const PATH = 'documentaries/the-ice-archive';
const PRICE = { currency: 'USDC', units: 2_500_000 } as const;
const chain = chainControl(CHAIN_URL);

/** A wallet with SOL for fees and 10 of the site's USDC (or of `mint`). */
async function walletWithUsdc(mint = E2E_USDC_MINT) {
  const payer = Keypair.generate();
  await chain.airdrop(payer.publicKey.toBase58(), 1_000_000_000);
  await chain.mintTo({ mint, owner: payer.publicKey.toBase58(), amount: 10_000_000 });
  return payer;
}

test('a title priced 2.50 USDC is paid with a transferChecked of the site’s mint: 2.49, another mint and SOL are refused with a reason', async () => {
  test.setTimeout(90_000);
  const buyer = apiBuyer(SITE_URL, '203.0.113.91');
  const payer = await walletWithUsdc();
  const started = await buyer.checkout(PATH);
  expect(started).toMatchObject({ kind: 'buy', price: PRICE, mint: E2E_USDC_MINT });
  const request = new URL(started.solanaPay.transferUrl);
  expect([request.searchParams.get('amount'), request.searchParams.get('spl-token')]).toEqual(['2.5', E2E_USDC_MINT]);

  const refusedWith = async (terms: typeof started) => {
    const answer = await buyer.verify(started, await buyer.transfer(payer, terms));
    expect(answer.status).toBe(422);
    return answer.body.error;
  };
  expect(await refusedWith({ ...started, price: { currency: 'USDC', units: 2_490_000 } })).toMatch(/does not transfer at least 2\.50 USDC of mint/);
  const otherMint = await chain.createMint({ decimals: 6 });
  await chain.mintTo({ mint: otherMint, owner: payer.publicKey.toBase58(), amount: 10_000_000 });
  await chain.mintTo({ mint: otherMint, owner: started.recipient, amount: 1 });
  expect(await refusedWith({ ...started, mint: otherMint })).toMatch(/does not transfer at least 2\.50 USDC of mint/);
  expect(await refusedWith({ ...started, mint: undefined, price: { currency: 'SOL', units: 100_000_000 } })).toMatch(/2\.50 USDC/);
  expect((await buyer.library()).paths).not.toContain(PATH);

  const paid = await buyer.verify(started, await buyer.transfer(payer, started));
  expect(paid).toMatchObject({ status: 200, body: { path: PATH, price: PRICE } });
  expect((await buyer.library()).paths).toContain(PATH);
  expect(await chain.tokenBalance({ mint: E2E_USDC_MINT, owner: payer.publicKey.toBase58() })).toMatchObject({
    amount: String(10_000_000 - 2_500_000 - 2_490_000),
  });
});

test('a phone wallet pays a USDC title’s QR code (spl-token), and the page unlocks it', async ({ page }) => {
  test.setTimeout(90_000);
  const { qr } = await openQrDialog(page, `${SITE_URL}/watch/${PATH}`);
  await expect(qr).toBeVisible();
  const url = await scanQrCode(qr);
  // The QR asks the site for a transferChecked of the mint; the transfer request beside it names the mint as spl-token.
  const transfer = await page
    .getByRole('dialog')
    .getByRole('link', { name: /transfer request/ })
    .getAttribute('href');
  expect(new URL(transfer!).searchParams.get('spl-token')).toBe(E2E_USDC_MINT);
  await payRequest(url, {}, await walletWithUsdc());
  await expect
    .poll(async () => ((await (await page.request.get('/api/entitlements')).json()) as { paths: string[] }).paths, { timeout: 40_000 })
    .toContain(PATH);
});
