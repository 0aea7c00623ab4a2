import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/offline';

/** Free titles of the embedded catalog (seeded into the emulator): two with English and Portuguese subtitles, one with none. */
const AFTERGLOW = { path: '/watch/trailers/afterglow-protocol', title: 'Afterglow Protocol' };
const KELP = { path: '/watch/documentaries/beneath-the-kelp-canopy', title: 'Beneath the Kelp Canopy' };
const UNCAPTIONED = { path: '/watch/trailers/city-of-small-hours', title: 'City of Small Hours' };
/** A packaged stream (hls.js plays it) whose captions stay a WebVTT file beside the ladder. */
const CAPTIONED_STREAM = { path: '/watch/documentaries/night-market-kitchens', title: 'Night Market Kitchens' };

async function openPlayer(page: Page, { path, title }: { path: string; title: string }) {
  await page.goto(path);
  await page.getByRole('button', { name: new RegExp(`^Free\\b.*play ${title}$`) }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const video = dialog.locator('video');
  await expect(video).toBeVisible();
  // A video watched before asks where to continue (watching.spec.ts): continue, as a viewer would.
  const resume = dialog.getByRole('button', { name: /^Resume from/ });
  if (await resume.isVisible()) await resume.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), { timeout: 15_000 }).toBe(true);
  return { dialog, video, captions: dialog.getByLabel('Subtitles') };
}

/** Pauses the video at `seconds` and answers each text track's mode and the text of its active cues. */
async function tracksAt(video: Locator, seconds: number) {
  await video.evaluate((v: HTMLVideoElement, at) => {
    v.pause();
    v.currentTime = at;
  }, seconds);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement, at) => !v.seeking && Math.abs(v.currentTime - at) < 0.1, seconds)).toBe(true);
  return () =>
    video.evaluate((v: HTMLVideoElement) =>
      Array.from(v.textTracks).map((track) => ({
        language: track.language,
        mode: track.mode,
        cues: Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text),
      })),
    );
}

test('a free title offers its subtitles: the chosen language shows its cue at its time, and is remembered for the next video', async ({ page }) => {
  const first = await openPlayer(page, AFTERGLOW);
  await expect(first.captions).toHaveValue('off');
  await expect(first.captions.locator('option')).toHaveText(['Off', 'English', 'Português']);
  await expect(first.video.locator('track[kind="subtitles"]')).toHaveCount(2);

  await first.captions.selectOption({ label: 'Português' });
  const tracks = await tracksAt(first.video, 4);
  await expect.poll(tracks).toEqual([
    { language: 'en', mode: 'disabled', cues: [] },
    { language: 'pt', mode: 'showing', cues: ['Kestrel Point, aqui é o retransmissor.\nAlguma coisa lá fora está respondendo.'] },
  ]);

  // A reload and a fresh player: the language is still chosen, and shows.
  await page.reload();
  const again = await openPlayer(page, AFTERGLOW);
  await expect(again.captions).toHaveValue('pt');
  const reopened = await tracksAt(again.video, 6);
  await expect.poll(reopened).toContainEqual({ language: 'pt', mode: 'showing', cues: ['O primeiro contato nunca foi tão solitário.'] });

  // Another video that has the language opens with it too; "Off" is remembered the same way.
  const kelp = await openPlayer(page, KELP);
  await expect(kelp.captions).toHaveValue('pt');
  const kelpTracks = await tracksAt(kelp.video, 3);
  await expect.poll(kelpTracks).toContainEqual({ language: 'pt', mode: 'showing', cues: ['Cada ondulação leva a luz do sol\naté a floresta de algas.'] });
  await kelp.captions.selectOption({ label: 'Off' });
  await expect.poll(kelpTracks).toEqual([
    { language: 'en', mode: 'disabled', cues: [] },
    { language: 'pt', mode: 'disabled', cues: [] },
  ]);
  await page.reload();
  await expect((await openPlayer(page, KELP)).captions).toHaveValue('off');
});

test('a packaged stream keeps its WebVTT subtitles: offered, and the chosen one shows its cue at its time', async ({ page }) => {
  const stream = await openPlayer(page, CAPTIONED_STREAM);
  await expect(stream.dialog.locator('hls-video')).toHaveCount(1);
  await expect(stream.captions.locator('option')).toHaveText(['Off', 'English']);
  await stream.captions.selectOption({ label: 'English' });
  const tracks = await tracksAt(stream.video, 3);
  await expect.poll(tracks).toEqual([{ language: 'en', mode: 'showing', cues: ['At two in the morning,\nthe noodle cart has a queue.'] }]);
});

test('a title without subtitles shows no captions menu and no tracks', async ({ page }) => {
  const { dialog, video } = await openPlayer(page, UNCAPTIONED);
  await expect(video.locator('track')).toHaveCount(0);
  await expect(dialog.getByLabel('Subtitles')).toHaveCount(0);
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
});
