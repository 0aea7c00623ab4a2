import type { Page } from '@playwright/test';
import { expect, test } from './support/offline';
import { SITE_URL } from './support/ports';

/** A title page and a season's page (a season shares its series' name with its own), with what Share shares. */
const TITLE_PAGES = [
  { path: '/watch/trailers/iron-meridian', title: 'Iron Meridian' },
  { path: '/series/harbor-lights/season/season-one', title: 'Harbor Lights: Season 1: Night Shift' },
];

const shareButton = (page: Page) => page.getByRole('main').getByRole('link', { name: /^Share\b/ });
const shareDialog = (page: Page) => page.getByRole('dialog', { name: /^Share / });

/** The page's own canonical URL, as crawlers read it. */
const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

const shared = (page: Page) => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);

/** Loaded and hydrated: LinkNavigator, which opens the share page over the title, listens once the router runs. */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'networkidle' });

test.describe('with the system share sheet', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      (window as unknown as { __shared: ShareData[] }).__shared = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => (calls.push(data), Promise.resolve()),
      });
    });
  });

  test("Share opens the system sheet with the page's canonical URL and the title, on a title and on a season", async ({ page }) => {
    for (const { path, title } of TITLE_PAGES) {
      await open(page, path);
      const url = await canonical(page);
      expect(url).toBe(`${SITE_URL}${path}`);
      await shareButton(page).click();
      await expect(shareDialog(page)).toBeVisible();
      await expect.poll(() => shared(page)).toEqual([{ title, url }]);
      await expect(shareDialog(page).getByLabel('Link to this page')).toHaveValue(url!);
    }
  });

  test('a cancelled share is no error, and closing the dialog returns to the title and its Share control', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
      });
      Object.defineProperty(Clipboard.prototype, 'writeText', { configurable: true, value: () => Promise.reject(new Error('must not copy')) });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await open(page, '/series/harbor-lights');
    await shareButton(page).click();
    const dialog = shareDialog(page);
    await expect(dialog.getByRole('button', { name: 'Share…' })).toBeVisible();
    await expect(dialog.getByRole('status')).toBeEmpty();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${SITE_URL}/series/harbor-lights`);
    await expect(shareButton(page)).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("the share page opened on its own shares only when asked: a reload is not the visitor's click", async ({ page }) => {
    await open(page, '/share/series/harbor-lights');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbor Lights');
    await expect(page.getByRole('link', { name: 'Back to Harbor Lights' })).toHaveAttribute('href', '/series/harbor-lights');
    expect(await shared(page)).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: 'Share…' }).click();
    await expect.poll(() => shared(page)).toEqual([{ title: 'Harbor Lights', url: `${SITE_URL}/series/harbor-lights` }]);
  });
});

test.describe('without a share sheet', () => {
  test.beforeEach(async ({ page }) => {
    // Chromium on Linux has none; the stub makes sure of it.
    await page.addInitScript(() => delete (Navigator.prototype as Partial<Navigator>).share);
  });

  test('Share, from the keyboard, copies the canonical URL and says "Link copied"', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE_URL });
    await open(page, '/short-films/the-moth-collector');
    const url = await canonical(page);
    await shareButton(page).focus();
    await page.keyboard.press('Enter');
    const dialog = shareDialog(page);
    await expect(dialog.getByRole('status')).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  test('a refused clipboard leaves the link selected in its field, to copy by hand', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Clipboard.prototype, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('refused', 'NotAllowedError')),
      }),
    );
    await open(page, '/series/harbor-lights');
    await shareButton(page).click();
    const field = shareDialog(page).getByLabel('Link to this page');
    await expect(field).toBeFocused();
    const url = `${SITE_URL}/series/harbor-lights`;
    await expect(field).toHaveValue(url);
    expect(await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toBe(url);
    await expect(shareDialog(page).getByRole('status')).toHaveText('Copy the link from the field above');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Share is a link to the share page, which shows the link in a read-only field and no button that would do nothing', async ({ page }) => {
    await page.goto('/watch/trailers/iron-meridian');
    await shareButton(page).click();
    await expect(page).toHaveURL(`${SITE_URL}/share/trailers/iron-meridian`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iron Meridian');
    const field = page.getByLabel('Link to this page');
    await expect(field).toHaveValue(`${SITE_URL}/watch/trailers/iron-meridian`);
    await expect(field).toHaveAttribute('readonly', '');
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  });

  test('a share page names only a title or a season: anything else is the 404 page', async ({ page }) => {
    for (const path of ['/share/series/nope', '/share/series/harbor-lights/seasons/season-one/episodes/anything', '/share/elsewhere']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
    }
  });
});
