import { DESKTOP, PHONE, SITE_URL } from './support/ports';
import { content } from './support/catalog';
import { expect, test } from './support/offline';

const [seriesId, series] = content.series.find(([, s]) => s.locked)!;
const [seasonSeriesId, seasonSeries] = content.series[0]!;
const [seasonId, season] = Object.entries(seasonSeries.seasons)[0]!;
const pages = [
  { path: '/', heading: '#hero-title', text: /\S/, mainImage: 'section[aria-labelledby="hero-title"] img' },
  { path: `/series/${seriesId}`, heading: 'h1', text: series.title, mainImage: `img[alt="${series.title} cover"]` },
  { path: `/series/${seasonSeriesId}/season/${seasonId}`, heading: 'h1', text: season.title, mainImage: `img[alt="${season.title} cover"]` },
];

declare global {
  interface Window {
    largestPaints: Element[];
  }
}

/**
 * The home page and the title pages are prerendered from cached reads, so they arrive whole: what
 * the first screen shows is in the HTML before any script, not a placeholder that an inline script
 * swaps for the page later (React throttles those swaps, which held the largest paint back, and a
 * browser painting in between saw the footer jump). Checked by drawing the HTML with every script
 * removed: the heading and the main image are there.
 */
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    for (const { path, heading, text, mainImage } of pages) {
      test(`${path}: the first screen is in the HTML, painted without a script`, async ({ page, request }) => {
        const html = await (await request.get(path)).text();
        expect(html, 'no part of the page waits for a swap script').not.toContain('<template id="B:');
        const withoutScripts = html.replace(/<script[\s\S]*?<\/script>/g, '');
        await page.route(`${SITE_URL}/__first-paint`, (route) => route.fulfill({ contentType: 'text/html', body: withoutScripts }));
        await page.goto('/__first-paint');
        const main = page.locator('main');
        await expect(main.locator(heading)).toContainText(text);
        await expect(main.locator(heading)).toBeVisible();
        await expect(main.locator('img, video').first()).toBeVisible();
      });

      /*
       * The page's main image is what the browser reports as its largest paint (what a visitor waits
       * for), not a decorative layer: the title header's blurred backdrop once took the cover's cached
       * file from its srcset and, drawn larger, became the largest paint after the cover.
       */
      test(`${path}: the largest paint is the page's main image`, async ({ page }) => {
        await page.addInitScript(() => {
          window.largestPaints = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as LargestContentfulPaint[]) if (entry.element) window.largestPaints.push(entry.element);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await page.goto(path);
        await expect(page.locator(`main ${mainImage}`)).toBeVisible();
        await page.waitForLoadState('networkidle');
        const largestIsMain = (selector: string) => window.largestPaints.at(-1)?.matches(`main ${selector}`) ?? false;
        await expect.poll(() => page.evaluate(largestIsMain, mainImage)).toBe(true);
      });
    }
  });
}
