import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Keypair } from '@solana/web3.js';
import { fundTestWallet, installPhantom } from './phantom/wallet';
import { CHAIN_URL } from './ports';

/** A title's card on the current page, by its exact title (not its "Continue watching" card, which has a progress bar). */
export const card = (page: Page, title: string) =>
  page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .filter({ hasNot: page.getByRole('progressbar') })
    .first();

/**
 * Every carousel on the page, once it is a Swiper. Swiper loads at the visitor's first interaction
 * (see useFirstInteraction), so this moves the mouse as a visitor starting to use the page would.
 */
export async function carouselsReady(page: Page) {
  const carousels = page.locator('[aria-roledescription="carousel"]');
  let x = 0;
  await expect(async () => {
    // Until the carousel code has run there is nothing listening yet: move again.
    await page.mouse.move(++x, 1);
    await expect(carousels.locator('.swiper-initialized')).toHaveCount(await carousels.count(), { timeout: 1_000 });
    // Generous: on a loaded 2-core machine the Swiper chunk and its transition can take a while.
  }).toPass({ timeout: 30_000 });
}

/** Scrolls a carousel with its arrow until `target` is on screen. */
export async function reveal(page: Page, target: Locator, carouselLabel?: string) {
  // The rows become Swipers at the first interaction; cards re-mount then, so wait for it first.
  if (carouselLabel) await carouselsReady(page);
  await target.scrollIntoViewIfNeeded();
  for (let i = 0; i < 12 && carouselLabel && !(await isOnScreen(target)); i += 1) {
    await page.getByRole('button', { name: `Next ${carouselLabel}` }).click();
  }
  await expect(target).toBeInViewport();
}

const isOnScreen = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
  });

/** A funded Phantom stand-in in this page's context (`standard`: registered as today's Phantom is, too). */
export async function withWallet(page: Page, wallet: Keypair, lamports = 1_000_000_000, options: { standard?: boolean } = {}) {
  if (lamports > 0) await fundTestWallet(CHAIN_URL, wallet, lamports);
  await installPhantom(page.context(), wallet, options);
}

export const purchaseDialog = (page: Page) => page.getByRole('dialog');

/** Opens the purchase of the title on `titlePage` without a wallet extension: the dialog and its Solana Pay QR code. */
export async function openQrDialog(page: Page, titlePage: string) {
  await page.goto(titlePage);
  await page
    .getByRole('button', { name: /Pay with Solana/ })
    .first()
    .click();
  const dialog = purchaseDialog(page);
  return { dialog, qr: dialog.getByRole('img', { name: /Solana Pay QR code/ }) };
}

/** Opens the purchase of a card, connects Phantom and pays; resolves once the player shows. */
export async function buy(page: Page, target: Locator) {
  await target.getByRole('button', { name: /Pay with Solana/ }).click();
  const dialog = purchaseDialog(page);
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
  await expect(dialog.locator('video')).toBeAttached({ timeout: 20_000 });
  return dialog;
}

/** Goes home, brings a locked title's card into view, and buys it; resolves with the card and the playing dialog. */
export async function buyFromHome(page: Page, title: string, carouselLabel: string) {
  await page.goto('/');
  const target = card(page, title);
  await reveal(page, target, carouselLabel);
  return { card: target, dialog: await buy(page, target) };
}

/** Goes home, brings a locked title's card into view and opens its purchase dialog. */
export async function openPurchase(page: Page, title: string, carouselLabel: string) {
  await page.goto('/');
  const target = card(page, title);
  await reveal(page, target, carouselLabel);
  await target.getByRole('button', { name: /Pay with Solana/ }).click();
  return { card: target, dialog: purchaseDialog(page) };
}

/** A title's own page, its pay dialog opened from the button at the top: no carousel to scroll first. */
export async function openPurchaseOnPage(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole('button', { name: /Pay with Solana/ })
    .first()
    .click();
  return purchaseDialog(page);
}

/** A new browser of `wallet` that asks to restore its purchases from the wallet guide. */
export async function restoreInNewBrowser(browser: Browser, wallet: Keypair) {
  const fresh = await browser.newPage();
  await withWallet(fresh, wallet, 0);
  await fresh.goto('/solenema-wallet');
  await fresh.getByRole('button', { name: 'Restore my purchases' }).click();
  return fresh;
}

/** The paths a page's browser owns, as the site answers it (`site`: another instance than the shared one). */
export const ownedPaths = async (page: Page, site = '') => ((await (await page.request.get(`${site}/api/entitlements`)).json()) as { paths: string[] }).paths;
