/**
 * The playback section's two titles, made when it runs and never tracked: a 1080p clip ffmpeg generates, kept
 * as the single MP4 an operator uploads today (a locked trailer playing it as a `private:` file), and a second
 * locked trailer that `npm run media:package` points at the ladder it makes of the same clip (AES-128 segments
 * in public/, the key in the ledger).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../../e2e/support/processes';
import { media } from '../media/package/ffmpeg';
import { PLAYBACK } from './config';
import { benchFirestore } from './sync';

/** The clip's name in the folder the site's PRIVATE_MEDIA_DIR names. */
const CLIP = 'clip-1080p.mp4';

/**
 * A moving test pattern with grain over it and a tone: the grain gives each rung the detail of a filmed picture, so
 * each costs near its rate ceiling (the bare pattern costs a tenth of that, and even 1080p would fit a phone's link).
 * Encoded as a 1080p upload usually is: H.264 at about 5 Mbps, AAC, the index first (faststart) so it plays as it downloads.
 */
export async function generateClip(folder: string): Promise<void> {
  const { seconds, width, height, fps } = PLAYBACK.clip;
  await media('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds},noise=alls=12:allf=t`],
    ...['-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', '5000k', '-bufsize', '10000k', '-pix_fmt', 'yuv420p', '-g', String(2 * fps)],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-shortest', join(folder, CLIP)],
  ]);
}

/**
 * Both titles written into the seeded Firestore as an operator writes a title in the console (the seed's fields
 * only), playing the MP4; then the stream's is packaged by the project's own command, which points it at the ladder.
 */
export async function addTitles(env: NodeJS.ProcessEnv, folder: string): Promise<void> {
  const db = benchFirestore({ env }, 'bench-playback');
  try {
    for (const [name, { path }] of Object.entries(PLAYBACK.titles)) {
      const title = {
        title: `Bench 1080p ${name}`,
        coverimg: '',
        type: 'Movie',
        videourl: `private:${CLIP}`,
        locked: true,
        description: 'Made by npm run bench.',
      };
      await db.doc(path).set(title);
    }
  } finally {
    await db.terminate();
  }
  await run('npm', ['run', 'media:package', '--silent', '--', join(folder, CLIP), PLAYBACK.titles.stream.path, '--out', PLAYBACK.streamsDir], env);
}

/** A video's height and its average rate, as measured from what was written. */
export interface MeasuredRate {
  height: number;
  averageKbps: number;
}

/** The MP4's rate, and the ladder media:package wrote (from its master playlist: each rendition's measured average). */
export async function encodings(folder: string): Promise<{ file: MeasuredRate; ladder: MeasuredRate[] }> {
  const { seconds, height } = PLAYBACK.clip;
  const file = { height, averageKbps: Math.round(((await stat(join(folder, CLIP))).size * 8) / seconds / 1000) };
  const [stream] = await readdir(PLAYBACK.streamsDir);
  const master = await readFile(join(PLAYBACK.streamsDir, stream!, 'master.m3u8'), 'utf8');
  const ladder = [...master.matchAll(/AVERAGE-BANDWIDTH=(\d+),RESOLUTION=\d+x(\d+)/g)].map(([, average, rung]) => ({
    height: Number(rung),
    averageKbps: Math.round(Number(average) / 1000),
  }));
  return { file, ladder };
}
