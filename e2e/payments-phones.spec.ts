import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { PHONE, SITE_URL } from './support/ports';
import { expect, test } from './support/offline';
import { openQrDialog, withWallet } from './support/purchase';
import { payRequest, scanQrCode, transactionLinkOf } from './support/solana-pay-wallet';

const [trailerId] = content.trailers.find(([, t]) => t.locked)!;
const [seriesId] = content.series.find(([, s]) => s.locked)!;

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
/** Phantom's in-app browser on iOS: a web view, so no "Safari" in its user agent. */
const PHANTOM_IN_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** Phantom's universal link that reopens `path` of this site inside its in-app browser. */
const openInPhantom = (path: string) => `https://phantom.app/ul/browse/${encodeURIComponent(`${SITE_URL}${path}`)}?ref=${encodeURIComponent(SITE_URL)}`;

for (const [phone, userAgent, path] of [
  ['an iPhone', IPHONE_SAFARI, `/watch/trailers/${trailerId}`],
  ['an Android phone', ANDROID_CHROME, `/series/${seriesId}`],
] as const) {
  test.describe(`${phone} without Phantom`, () => {
    test.use({ viewport: PHONE, userAgent });

    test('is offered "Open in Phantom": a real link that reopens this title inside Phantom’s app', async ({ page }) => {
      const { dialog } = await openQrDialog(page, path);
      const link = dialog.getByRole('link', { name: 'Open in Phantom' });
      await expect(link).toHaveAttribute('href', openInPhantom(path));
      await expect(dialog).toContainText('Phantom’s app opens this title in its own browser');
      // Not the desktop's extension flow, which a phone cannot run.
      await expect(dialog.getByRole('button', { name: 'Connect Phantom Wallet' })).toHaveCount(0);
      await expect(dialog).not.toContainText('Please install Phantom Wallet extension!');
    });

    test(`${phone === 'an Android phone' ? 'is' : 'is not'} offered Android’s Mobile Wallet Adapter`, async ({ page }) => {
      const { dialog } = await openQrDialog(page, path);
      await expect(dialog.getByRole('link', { name: 'Open in Phantom' })).toBeVisible();
      // The wallet adapter adds it in Android browsers only; it reaches any installed wallet app there.
      await expect(dialog.getByRole('button', { name: 'Use a wallet app on this phone' })).toHaveCount(phone === 'an Android phone' ? 1 : 0);
    });

    test('is offered "Pay with a Solana wallet app": the QR code’s Solana Pay URL, which unlocks this page once paid', async ({ page }) => {
      const { dialog } = await openQrDialog(page, path);
      const link = dialog.getByRole('link', { name: 'Pay with a Solana wallet app' });
      const url = await scanQrCode(dialog.getByRole('img', { name: /Solana Pay QR code/ }));
      expect(transactionLinkOf(url)?.pathname).toMatch(/^\/api\/pay\//);
      await expect(link).toHaveAttribute('href', url);
      await payRequest((await link.getAttribute('href'))!);
      await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 15_000 });
    });
  });
}

test.describe('inside Phantom’s in-app browser on a phone', () => {
  test.use({ viewport: PHONE, userAgent: PHANTOM_IN_APP });

  test('the usual flow: connect and pay, no link out', async ({ page }) => {
    const wallet = createTestWallet();
    await withWallet(page, wallet);
    const { dialog } = await openQrDialog(page, `/watch/trailers/${trailerId}`);
    await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
    await expect(dialog.getByTestId('connected-wallet')).toHaveAttribute('title', wallet.publicKey.toBase58());
    await expect(dialog.getByRole('link', { name: 'Open in Phantom' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
    await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 20_000 });
  });
});
