import { randomBytes } from 'node:crypto';
import { E2E_MEDIA_HOST, E2E_PORTS, E2E_REVALIDATE_SECRET } from './support/ports';
import { siteFirestore } from './support/site-firestore';
import { expect, test } from './support/offline';
import { stubVideoHosts } from './support/video-hosts';

/**
 * One free trailer of every kind of video URL the catalog accepts opens the player under the site's own
 * Content-Security-Policy: no `securitypolicyviolation` (recorded in the page from before its first script,
 * see support/offline.ts), and the provider's hosts (stand-ins, support/video-hosts.ts) reached.
 */
const KINDS = [
  { kind: 'a file on the site', videourl: '/media/clips/aurora.mp4', element: 'video', reaches: [] },
  { kind: 'a file on a MEDIA_HOSTS host', videourl: `${E2E_MEDIA_HOST}/films/clip.mp4`, element: 'video', reaches: ['media.solenema.test/films/clip.mp4'] },
  { kind: 'HLS', videourl: `${E2E_MEDIA_HOST}/films/master.m3u8`, element: 'hls-video', reaches: ['media.solenema.test/films/master.m3u8'] },
  { kind: 'DASH', videourl: `${E2E_MEDIA_HOST}/films/manifest.mpd`, element: 'dash-video', reaches: ['media.solenema.test/films/manifest.mpd'] },
  {
    kind: 'a Mux stream',
    videourl: 'https://stream.mux.com/e2eMuxStream',
    element: 'mux-player',
    reaches: ['stream.mux.com/e2eMuxStream', 'www.gstatic.com/cv/js/sender/v1/cast_sender.js'],
  },
  { kind: 'a Mux player page', videourl: 'https://player.mux.com/e2eMuxPage', element: 'mux-player', reaches: ['stream.mux.com/e2eMuxPage'] },
  {
    kind: 'YouTube',
    videourl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    element: 'youtube-video',
    reaches: ['www.youtube.com/iframe_api', 'www.youtube.com/s/player/e2e/www-widgetapi.vflset/www-widgetapi.js', 'www.youtube.com/embed/aqz-KE-bpKQ'],
  },
  { kind: 'Vimeo', videourl: 'https://vimeo.com/76979871', element: 'vimeo-video', reaches: ['player.vimeo.com/video/76979871'] },
  {
    kind: 'Wistia',
    videourl: 'https://home.wistia.com/medias/e2ewistia',
    element: 'wistia-video',
    // Its script host only: on the merged build the stand-in E-v1.js is never handed the embed, so its media
    // requests are not made (open question in the closing note); the policy's Wistia hosts are unit-tested.
    reaches: ['fast.wistia.com/assets/external/E-v1.js'],
  },
] as const;

// Plain firebase-admin against the e2e emulator, whichever emulator serves that port.
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${E2E_PORTS.firestore}`;

for (const { kind, videourl, element, reaches } of KINDS) {
  test(`${kind} plays under the site's policy: ${videourl}`, async ({ page, request, cspViolations }) => {
    // A fresh id per run: no read of it is cached yet. Written without popularKey, so no list shows it.
    const id = `e2e-player-${element}-${randomBytes(4).toString('hex')}`;
    const document = siteFirestore().doc(`trailers/${id}`);
    await document.set({ title: `Player kind: ${kind}`, coverimg: '/media/covers/trailers/city-of-small-hours.jpg', type: 'Trailer', videourl, locked: false });
    try {
      const seen = await stubVideoHosts(page);
      expect((await page.goto(`/watch/trailers/${id}`))?.status()).toBe(200);
      await page.getByRole('button', { name: /^Free/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(element).first()).toBeAttached();
      await expect.poll(() => reaches.filter((url) => !seen.includes(url)), { timeout: 15_000 }).toEqual([]);
      // Let late loads (segments, beacons) report any violation before looking.
      await page.waitForTimeout(1_000);
      expect(cspViolations).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __cspViolations: unknown[] }).__cspViolations)).toEqual([]);
    } finally {
      await document.delete();
      // Drops the rendered page; `titles` would also expire the trailer lists other specs are reading.
      await request.post('/api/revalidate', { headers: { Authorization: `Bearer ${E2E_REVALIDATE_SECRET}` }, data: { paths: [`/watch/trailers/${id}`] } });
    }
  });
}
