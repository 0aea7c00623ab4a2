import { DESKTOP, PHONE, SITE_URL } from './support/ports';
import { content } from './support/catalog';
import { expect, test } from './support/offline';

const [seriesId] = content.series.find(([, s]) => s.locked)!;
const [seasonSeriesId, seasonSeries] = content.series[0]!;
const pages = [`/series/${seriesId}`, `/series/${seasonSeriesId}/season/${Object.keys(seasonSeries.seasons)[0]}`];

/**
 * A prerendered title page arrives as a shell (header, the loading stand-in, footer) with the page
 * itself further down the document, swapped in by an inline script. A browser may paint the shell
 * first (Lighthouse caught it: the footer jumped, a layout shift of 0.37); the stand-in must then
 * keep the footer out of view, so the swap moves nothing the visitor sees.
 */
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of pages) {
      test(`${path}: painted before the swap, the shell keeps the footer below the fold`, async ({ page, request }) => {
        const html = await (await request.get(path)).text();
        const cut = html.indexOf('<div hidden id="S:');
        expect(cut, 'the page is streamed into its shell').toBeGreaterThan(0);
        // The shell as a browser holds it before the swap script, without running any of its scripts.
        const shell = html.slice(0, cut).replace(/<script[\s\S]*?<\/script>/g, '');
        await page.route(`${SITE_URL}/__shell`, (route) => route.fulfill({ contentType: 'text/html', body: shell }));
        await page.goto('/__shell');
        await expect(page.locator('[data-skeleton]').first()).toBeVisible();
        const { footerTop, viewportHeight } = await page.evaluate(() => ({
          footerTop: document.querySelector('body > footer')!.getBoundingClientRect().top,
          viewportHeight: window.innerHeight,
        }));
        expect(footerTop).toBeGreaterThanOrEqual(viewportHeight);
      });
    }
  });
}
