import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/offline';
import { lockedVideoUrls, sitePaths } from './support/catalog';

const locked = lockedVideoUrls();

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

function leaks(text: string): string[] {
  // URLs may be JSON-escaped (\/ or \u0026) inside RSC payloads and scripts.
  const plain = text
    .replace(/\\\//g, '/')
    .replace(/\\u0026/g, '&')
    .replace(/&amp;/g, '&');
  return locked.filter((url) => plain.includes(url));
}

/**
 * The invariant: a locked title's playback URL never reaches a browser that has not paid. An unpaid
 * browser fetches every page's HTML, its RSC payload, every script those pages load, and the APIs.
 */
test('no locked playback URL reaches an unpaid browser', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(locked.length).toBeGreaterThan(5);
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });

  for (const path of sitePaths()) {
    const html = await request.get(path);
    expect(html.status(), path).toBe(200);
    expect(leaks(await html.text()), `HTML of ${path}`).toEqual([]);
    const rsc = await request.get(path, { headers: { RSC: '1' } });
    expect(leaks(await rsc.text()), `RSC payload of ${path}`).toEqual([]);
    await page.goto(path);
    expect(leaks(await page.content()), `DOM of ${path}`).toEqual([]);
  }

  expect(scripts.size).toBeGreaterThan(3);
  for (const url of scripts) expect(leaks(await (await request.get(url)).text()), url).toEqual([]);

  // Stronger still: no client chunk the build emitted carries one, loaded by these pages or not.
  for (const file of filesUnder('.next/static')) {
    if (file.endsWith('.js')) expect(leaks(readFileSync(file, 'utf8')), file).toEqual([]);
  }

  const owned = await request.get('/api/entitlements');
  expect(await owned.json()).toEqual({ paths: [] });
});

/** Paid bytes, not only paid URLs: no public file is a copy of a locked title's video, under any name. */
test('no public file carries the bytes of a locked title’s video', () => {
  const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  const paid = new Map(filesUnder('media-private').map((file) => [digest(file), file]));
  expect(paid.size).toBeGreaterThan(5);
  const copies = filesUnder('public').flatMap((file) => (paid.has(digest(file)) ? [`${file} = ${paid.get(digest(file))}`] : []));
  expect(copies).toEqual([]);
  // Every locked local video is private: none plays a file that public/ serves.
  expect(locked.filter((url) => url.startsWith('/'))).toEqual([]);
});

/**
 * A deployment only has the files a function's trace names: every private clip must ship with the
 * media route (and with no other function), or paid titles would 404 on Vercel.
 */
test('the build ships every private video with the media route, and only there', () => {
  const traced = (route: string) =>
    (JSON.parse(readFileSync(`.next/server/app/${route}.js.nft.json`, 'utf8')) as { files: string[] }).files.filter((f) => f.includes('media-private/'));
  const shipped = traced('api/media/[token]/[file]/route').map((f) => f.slice(f.indexOf('media-private/')));
  expect(shipped.sort()).toEqual(filesUnder('media-private').sort());
  expect(traced('api/entitlements/route')).toEqual([]);
  expect(traced('page')).toEqual([]);
});
