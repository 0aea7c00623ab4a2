import { chainControl } from './support/chain';
import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { CHAIN_URL } from './support/ports';
import { expect, test } from './support/offline';
import { card, purchaseDialog, reveal, withWallet } from './support/purchase';

const [, lockedDocumentary] = content.documentaries.find(([, d]) => d.locked)!;

/**
 * Runs in its own project after every other test: it takes the shared local chain down.
 * The RPC goes down after the payment is confirmed and before the server verifies it.
 */
test('a payment whose verification could not finish is finished on the next load', async ({ page }) => {
  const chain = chainControl(CHAIN_URL);
  await withWallet(page, createTestWallet());
  await page.route('**/api/payments/verify', async (route) => {
    await chain.setRpcDown(true);
    await route.continue();
  });
  await page.goto('/');
  const documentary = card(page, lockedDocumentary.title);
  await reveal(page, documentary, 'Documentaries');
  await documentary.getByRole('button', { name: /Pay with Solana/ }).click();
  const dialog = purchaseDialog(page);
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  try {
    await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Payment sent');
    const pending = await page.evaluate(() => localStorage.getItem('solenema:pending-payments'));
    expect(JSON.parse(pending ?? '[]')).toHaveLength(1);
  } finally {
    await page.unroute('**/api/payments/verify');
    await chain.setRpcDown(false);
  }
  await page.reload();
  await reveal(page, card(page, lockedDocumentary.title), 'Documentaries');
  await expect(card(page, lockedDocumentary.title).getByRole('button', { name: /^Free/ })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('solenema:pending-payments'))).toBeNull();
});
