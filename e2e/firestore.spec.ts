import { readFileSync } from 'node:fs';
import { expect, test } from './support/offline';
import { E2E_REVALIDATE_SECONDS, E2E_REVALIDATE_SECRET } from './support/ports';
import { siteFirestore } from './support/site-firestore';

const documentaries = JSON.parse(readFileSync('content/documentaries.json', 'utf8')) as Record<string, { title: string }>;
const [id, doc] = Object.entries(documentaries)
  .sort(([a], [b]) => a.localeCompare(b))
  .at(-1)!;

const revalidate = (request: import('@playwright/test').APIRequestContext, token = E2E_REVALIDATE_SECRET, data?: unknown) =>
  request.post('/api/revalidate', { headers: { Authorization: `Bearer ${token}` }, data });

// The e2e site reads the Firestore emulator that global setup seeded with `npm run seed`.
test.describe('content from Firestore', () => {
  test.describe.configure({ mode: 'serial' });

  test('a title changed in Firestore shows after an on-demand refresh', async ({ page, request }) => {
    const db = siteFirestore();
    const renamed = `${doc.title} (Director’s Cut)`;
    await page.goto('/');
    await expect(page.getByText(doc.title, { exact: true }).first()).toBeAttached();
    await db.doc(`documentaries/${id}`).update({ title: renamed });
    try {
      expect((await revalidate(request)).status()).toBe(200);
      // A refresh expires the reads at once (expireCatalogReads): the first visit after it shows the change.
      await page.goto('/');
      await expect(page.getByText(renamed, { exact: true }).first()).toBeAttached({ timeout: 1000 });
    } finally {
      await db.doc(`documentaries/${id}`).update({ title: doc.title });
      await revalidate(request);
    }
  });

  test('the refresh route wants the secret and a valid body', async ({ request }) => {
    expect((await revalidate(request, 'wrong-secret')).status()).toBe(401);
    expect((await request.post('/api/revalidate')).status()).toBe(401);
    const bad = await revalidate(request, E2E_REVALIDATE_SECRET, { paths: ['not a path'] });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toContain('paths.0');
    const one = await revalidate(request, E2E_REVALIDATE_SECRET, { paths: ['/series/none'] });
    expect(await one.json()).toMatchObject({ revalidated: ['/series/none'] });
  });
});

test('pages are prerendered and refreshed every REVALIDATE_SECONDS', async ({ request }) => {
  for (const path of ['/', `/watch/documentaries/${id}`, '/series/harbor-lights']) {
    // A refresh another test just sent expires pages at once: the visit after it renders (MISS), and stores the page again.
    await expect.poll(async () => (await request.get(path)).headers()['x-nextjs-cache'], { message: path }).toMatch(/HIT|STALE|PRERENDER/);
    const response = await request.get(path);
    expect(response.headers()['cache-control'], path).toContain(`s-maxage=${E2E_REVALIDATE_SECONDS},`);
  }
});

test('an unknown series id answers 404 with the site’s own page', async ({ page }) => {
  const response = await page.goto('/series/no-such-series');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solenema' }).first()).toBeVisible();
});
