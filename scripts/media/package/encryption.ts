import { createCipheriv } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KEY_FILE, lockedStreamProblem, uriLines } from '../../../lib/media/hls-playlists';
import { sequenceIv } from '../../../lib/media/segment-cipher';

/**
 * A locked title's segments are encrypted here, not by ffmpeg: its hls muxer, given a key info file with no IV,
 * encrypts every segment with the first one's IV (0) and writes it into the playlist (seen with Debian's 5.1 and
 * in hlsenc.c today). Here each segment gets its own IV, its media sequence number, which is what a player uses
 * for a key with no IV attribute (RFC 8216 §5.2), so the playlists name none.
 * Part of a locked stream's id (media-package.ts): a change here packages into a new folder.
 */
export const SEGMENT_ENCRYPTION = 'AES-128-CBC, IV: media sequence number';

async function encryptSegment(file: string, key: Buffer, sequence: number): Promise<void> {
  const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(sequence));
  await writeFile(file, Buffer.concat([cipher.update(await readFile(file)), cipher.final()]));
}

/** Encrypts the segments a rendition names, in place, one at a time (a film has thousands), and puts its key line before them. */
async function encryptRendition(folder: string, playlist: string, key: Buffer): Promise<void> {
  const text = await readFile(join(folder, playlist), 'utf8');
  const first = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(text)?.[1] ?? 0);
  for (const [index, segment] of uriLines(text).entries()) await encryptSegment(join(folder, segment), key, first + index);
  const lines = text.split('\n');
  lines.splice(
    lines.findIndex((line) => line.startsWith('#EXTINF')),
    0,
    `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_FILE}"`,
  );
  await writeFile(join(folder, playlist), lines.join('\n'));
}

/** Encrypts a packaged stream in place, then checks it as the site does before serving it: a problem throws. */
export async function encryptStream(folder: string, key: Buffer): Promise<void> {
  const read = (name: string) => readFile(join(folder, name), 'utf8').catch(() => null);
  for (const playlist of uriLines((await read('master.m3u8')) ?? '')) await encryptRendition(folder, playlist, key);
  const problem = await lockedStreamProblem(folder, read);
  if (problem) throw new Error(`${problem}: the site would refuse this stream, so it is not published`);
}
