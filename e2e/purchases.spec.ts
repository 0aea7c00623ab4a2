import { content } from './support/catalog';
import { createTestWallet, phantomState } from './support/phantom/wallet';
import { CHAIN_URL } from './support/ports';
import { expect, test } from './support/offline';
import { buyFromHome, withWallet } from './support/purchase';

const [documentaryId, documentary] = content.documentaries.find(([, d]) => d.locked)!;
const explorer = (signature: string) => `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent(CHAIN_URL)}`;

test('a buyer sees the transaction after paying, and every purchase with its receipt on My purchases', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const wallet = createTestWallet();
  await withWallet(page, wallet);
  const { dialog } = await buyFromHome(page, documentary.title, 'Documentaries');
  const [signature] = (await phantomState(page)).signatures;
  const transaction = dialog.getByRole('link', { name: /^Transaction / });
  await expect(transaction).toHaveAttribute('href', explorer(signature!));
  await expect(dialog).toContainText('Paid 0.01 SOL');

  await dialog.getByRole('link', { name: 'My purchases' }).click();
  await expect(page).toHaveURL('/purchases');
  await expect(page.getByRole('heading', { level: 1, name: 'My purchases' })).toBeVisible();
  const receipt = page.getByRole('listitem').filter({ hasText: documentary.title });
  await expect(receipt.getByRole('link', { name: documentary.title, exact: true })).toHaveAttribute('href', `/watch/documentaries/${documentaryId}`);
  await expect(receipt).toContainText('0.01 SOL');
  await expect(receipt.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(receipt.getByRole('link', { name: /on Solana Explorer/ })).toHaveAttribute('href', explorer(signature!));
  // Its printable receipt: what the payment paid, from which wallet.
  await receipt.getByRole('link', { name: `Receipt for ${documentary.title}` }).click();
  await expect(page).toHaveURL(`/purchases/${signature}`);
  await expect(page.getByTestId('receipt-amount')).toHaveText('0.01 SOL');
  await expect(page.getByTestId('receipt-wallet')).toHaveText(wallet.publicKey.toBase58());
  await page.goBack();

  // Drawn for this browser only: another browser sees its own (empty) list, and restores into it.
  const stranger = await browser.newPage();
  const answer = await stranger.goto('/purchases');
  expect(answer?.headers()['cache-control']).toMatch(/private|no-store/);
  await expect(stranger.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(stranger.getByText('Nothing here yet.')).toBeVisible();
  await expect(stranger.getByRole('listitem').filter({ hasText: documentary.title })).toHaveCount(0);
  await withWallet(stranger, wallet, 0);
  await stranger.reload();
  await stranger.getByRole('button', { name: 'Restore my purchases' }).click();
  await expect(stranger.getByRole('dialog').getByRole('alert')).toContainText('Restored 1 purchase');
  await stranger.getByRole('dialog').getByRole('button', { name: 'Start watching' }).click();
  const restored = stranger.getByRole('listitem').filter({ hasText: documentary.title });
  await expect(restored.getByRole('link', { name: /on Solana Explorer/ })).toHaveAttribute('href', explorer(signature!));
  await stranger.close();
});

test('the wallet guide links to My purchases', async ({ page }) => {
  await page.goto('/solenema-wallet');
  await page.getByRole('link', { name: 'My purchases' }).click();
  await expect(page).toHaveURL('/purchases');
});
