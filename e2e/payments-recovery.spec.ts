import { chainControl, NOT_COUNTED } from './support/chain';
import { content, lockedAtDefaultPrice } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { CHAIN_URL } from './support/ports';
import { expect, test } from './support/offline';
import { card, openPurchase, reveal, withWallet } from './support/purchase';

const first = { title: lockedAtDefaultPrice(content.documentaries)[0]![1].title, row: 'Documentaries' };
const second = { title: lockedAtDefaultPrice(content.trailers).at(-1)![1].title, row: 'Trailers' };

/**
 * Runs in its own project after every other test: it takes the shared local chain down.
 * The site's RPC provider goes down as the payment is sent, so no look of the server's has read it, while the
 * browser's wallet, on a provider of its own, sends and confirms it: the provider answers 503 in the first test,
 * and accepts requests and never answers them (a hung node) in the second, where the server gives up after
 * RPC_TIMEOUT_MS (3 s in e2e) instead of holding the visitor.
 */
// One after the other: each takes the one shared chain down.
test.describe.configure({ mode: 'default' });

for (const [mode, locked, name] of [
  ['unavailable', first, 'a payment whose verification could not finish is finished on the next load'],
  ['hang', second, 'under a hung RPC the visitor hears within seconds that the payment is safe, and it is finished on the next load'],
] as const) {
  test(name, async ({ page }) => {
    const chain = chainControl(CHAIN_URL);
    await withWallet(page, createTestWallet());
    await page.route(
      (url) => url.origin === CHAIN_URL,
      async (route) => {
        const request = route.request();
        if (request.postData()?.includes('"sendTransaction"')) await chain.setRpcDown(true, mode, true);
        await route.continue({ headers: { ...request.headers(), [NOT_COUNTED]: '1' } });
      },
    );
    const { dialog } = await openPurchase(page, locked.title, locked.row);
    await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
    try {
      const verified = page.waitForRequest('**/api/payments/verify');
      await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
      await verified;
      const asked = Date.now();
      await expect(dialog.getByRole('alert')).toContainText('Payment sent', { timeout: 10_000 });
      // Seconds, not the minutes a hung socket would otherwise hold the request for.
      expect(Date.now() - asked).toBeLessThan(8_000);
      const pending = await page.evaluate(() => localStorage.getItem('solenema:pending-payments'));
      expect(JSON.parse(pending ?? '[]')).toHaveLength(1);
    } finally {
      // Waits for a handler still running, so nothing takes the service down again after this.
      await page.unrouteAll({ behavior: 'wait' });
      await chain.setRpcDown(false);
    }
    await page.reload();
    await reveal(page, card(page, locked.title), locked.row);
    await expect(card(page, locked.title).getByRole('button', { name: /^Free/ })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('solenema:pending-payments'))).toBeNull();
  });
}
