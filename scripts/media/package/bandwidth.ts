import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * ffmpeg writes each rendition's BANDWIDTH from its rate ceiling, which a constant-quality encode rarely
 * reaches: players would think a rung costs several times what it does and start, or stay, lower than the
 * network carries. Apple's HLS spec asks for the peak segment bit rate (BANDWIDTH) and the average
 * (AVERAGE-BANDWIDTH): measured here from the segments written, and set in the master playlist.
 */
async function measured(folder: string, playlist: string): Promise<{ peak: number; average: number }> {
  const text = await readFile(join(folder, playlist), 'utf8');
  const segments = [...text.matchAll(/#EXTINF:([\d.]+),\s*\n(\S+)/g)].map(([, seconds, name]) => ({ seconds: Number(seconds), name: name! }));
  const sized = await Promise.all(segments.map(async ({ seconds, name }) => ({ seconds, bits: (await stat(join(folder, name))).size * 8 })));
  const totalBits = sized.reduce((sum, s) => sum + s.bits, 0);
  const totalSeconds = sized.reduce((sum, s) => sum + s.seconds, 0);
  // A last, short segment's rate says little (its container overhead dominates): the peak is over full ones.
  const full = sized.filter((s) => s.seconds >= 1);
  const peak = Math.max(...(full.length > 0 ? full : sized).map((s) => s.bits / s.seconds));
  return { peak: Math.ceil(peak), average: Math.ceil(totalBits / totalSeconds) };
}

export async function setMeasuredBandwidth(folder: string): Promise<void> {
  const master = join(folder, 'master.m3u8');
  const lines = (await readFile(master, 'utf8')).split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]!.startsWith('#EXT-X-STREAM-INF:')) continue;
    const { peak, average } = await measured(folder, lines[i + 1]!.trim());
    lines[i] = lines[i]!.replace(/BANDWIDTH=\d+/, `BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average}`);
  }
  await writeFile(master, lines.join('\n'));
}
