import { DEFAULT_COMPANION_APP_URL } from '../lib/env/defaults';
import { PHONE } from './support/ports';
import { expect, test } from './screens-fixtures';

test('header links to every section, the companion app opens in a new tab, and every page has a footer', async ({ page }) => {
  await page.goto('/contact');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Solenema', exact: true })).toHaveAttribute('href', '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Solenema Wallet' })).toHaveAttribute('href', '/solenema-wallet');
  await expect(nav.getByRole('link', { name: 'AI Agent' })).toHaveAttribute('href', '/ai-agent');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  const companion = nav.getByRole('link', { name: /Companion App/ });
  await expect(companion).toHaveAttribute('href', DEFAULT_COMPANION_APP_URL);
  await expect(companion).toHaveAttribute('target', '_blank');
  await expect(companion).toHaveAttribute('rel', 'noopener noreferrer');
  // The desktop header shows the links inline, without a menu button.
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(nav).toBeVisible();

  for (const path of ['/', '/solenema-wallet', '/ai-agent', '/contact', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact' })).toBeVisible();
  }

  await page.getByRole('banner').getByRole('link', { name: 'Solenema', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the menu button opens and closes the navigation; Escape and following a link close it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main', includeHidden: true });
    await expect(menu).toHaveAttribute('aria-controls', 'site-navigation');
    await expect(nav).toHaveAttribute('id', 'site-navigation');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'AI Agent' })).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await menu.click();
    await nav.getByRole('link', { name: 'Solenema Wallet' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'AI Agent' }).click();
    await expect(page).toHaveURL('/ai-agent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your voice guide to Solenema');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });
});

const MISSING = [
  '/series/no-such-series',
  '/series/no-such-series/season/s1',
  '/series/no-such-series/seasons/s1',
  '/series/no-such-series/season/s1/episodes/e1',
  '/short-films/no-such-film',
  '/short-films/no-such-film/episodes/e1',
  '/watch/trailers/no-such-trailer',
  '/nowhere',
  '/series/bad%20id!',
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    // Drawn by the server, not only by the browser's JavaScript: a removed title's old link shows the
    // site and its 404 page to every visitor and crawler.
    test('unknown titles and pages answer 404 with the site’s own page', async ({ page }) => {
      for (const path of MISSING) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
        await expect(page.getByRole('banner').getByRole('link', { name: 'Solenema', exact: true })).toBeVisible();
        await expect(page).toHaveTitle('Page not found · Solenema');
        const robots = await page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
        expect(robots.length, path).toBeGreaterThan(0);
        for (const content of robots) expect(content, path).toMatch(/noindex/);
      }
    });
  });
}
