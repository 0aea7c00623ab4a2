import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/offline';
import { lockedVideoUrls, sitePaths } from './support/catalog';

/**
 * A locked stream's folder is public by design (its segments are encrypted; its key is the gate), yet no
 * page names it to an unpaid browser either: its id, the folder's name, is what must not appear.
 */
const locked = lockedVideoUrls().map((url) => (url.startsWith('stream:') ? url.slice(url.lastIndexOf('/') + 1) : url));
const lockedStreams = lockedVideoUrls().filter((url) => url.startsWith('stream:/'));
/** The embedded catalog's stream keys: `{stream id} {key hex}` a line (lib/payments/playback/stream-keys.ts). */
const streamKeys = Object.fromEntries(
  readFileSync('media-private/stream-keys.txt', 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' ')),
) as Record<string, string>;

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
  expect(await owned.json()).toEqual({ paths: [], rentals: [] });
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
 * A locked stream's segments are in public/, so they must be noise without the key: every rendition names
 * an AES-128 key, no segment reads as MPEG-TS (a sync byte every 188 bytes), and the key is in no public file.
 */
test('a locked stream in public/ is encrypted, and its key is nowhere public', () => {
  expect(lockedStreams.length).toBeGreaterThan(2);
  const publicFiles = filesUnder('public').map((file) => readFileSync(file));
  for (const url of lockedStreams) {
    const folder = join('public', url.slice('stream:/'.length));
    const id = folder.split('/').pop()!;
    const files = readdirSync(folder);
    for (const playlist of files.filter((name) => /^\d+p\.m3u8$/.test(name))) {
      expect(readFileSync(join(folder, playlist), 'utf8'), playlist).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="key"/);
    }
    const segments = files.filter((name) => name.endsWith('.m2ts'));
    expect(segments.length).toBeGreaterThan(1);
    for (const name of segments) {
      const bytes = readFileSync(join(folder, name));
      const synced = [0, 188, 376, 564].every((offset) => bytes[offset] === 0x47);
      expect(synced, `${folder}/${name} reads as plain MPEG-TS`).toBe(false);
    }
    const key = Buffer.from(streamKeys[id]!, 'hex');
    expect(key).toHaveLength(16);
    expect(publicFiles.filter((bytes) => bytes.includes(key))).toEqual([]);
  }
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
  // The streams' playlists too, which the route rewrites for buyers (their segments stay static files).
  const playlists = filesUnder('public/media/streams').filter((file) => file.endsWith('.m3u8'));
  const tracedFiles = (JSON.parse(readFileSync('.next/server/app/api/media/[token]/[file]/route.js.nft.json', 'utf8')) as { files: string[] }).files;
  for (const file of playlists)
    expect(
      tracedFiles.some((traced) => traced.endsWith(file)),
      file,
    ).toBe(true);
  expect(traced('api/entitlements/route')).toEqual([]);
  expect(traced('page')).toEqual([]);
});
