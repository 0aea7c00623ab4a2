import { execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudStorage } from '../support/cloud-storage';

/**
 * Issue 34's acceptance for `npm run media:package`, on a 20 s 1080p clip made here with ffmpeg (testsrc and
 * a sine tone, in a temporary folder, never tracked), against a copy of the embedded catalog.
 */
const run = promisify(execFile);
const LOCKED = 'trailers/iron-meridian';
const FREE = 'documentaries/the-last-lighthouse-keepers';
let work: string;
let storage: Awaited<ReturnType<typeof startCloudStorage>> | undefined;

const paths = (dir: string) => ({ out: join(dir, 'out'), content: join(dir, 'content'), privateDir: join(dir, 'private') });

/** The command on the copy of the catalog, into a local folder served at /media/streams unless `args` name an --out. */
async function mediaPackage(source: string, path: string, ...args: string[]) {
  const { out, content, privateDir } = paths(work);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CATALOG: 'local',
    PRIVATE_MEDIA_DIR: privateDir,
    LEDGER_DIR: join(work, 'ledger'),
    ...(storage && { STORAGE_EMULATOR_HOST: storage.host }),
  };
  delete env.FIRESTORE_EMULATOR_HOST;
  const into = args.includes('--out') ? [] : ['--out', out, '--base', '/media/streams'];
  const command = ['tsx', '--conditions=react-server', 'scripts/media-package.ts', source, path, ...into, '--content', content];
  const { stdout } = await run('npx', [...command, ...args], { env });
  return stdout;
}

async function videourlOf(kind: string, id: string): Promise<string> {
  return (JSON.parse(await readFile(join(paths(work).content, `${kind}.json`), 'utf8')) as Record<string, { videourl: string }>)[id]!.videourl;
}

/** Every file under a folder with its size and modification time: what "writes nothing" is judged by. */
async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        const info = await stat(file);
        return `${file} ${info.size} ${info.mtimeMs}`;
      }),
  );
}

const probe = (file: string) =>
  run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,height', '-of', 'csv=p=0', file]).then(
    // MPEG-TS lists a program's stream once per program table: the first line is the stream.
    ({ stdout }) => stdout.trim().split('\n')[0] || 'unreadable',
    () => 'unreadable',
  );

/** An HLS segment's IV when its key names none: its media sequence number, 128-bit big-endian (RFC 8216 §5.2). */
const ivOf = (sequence: number) => Buffer.from(sequence.toString(16).padStart(32, '0'), 'hex');

/** MPEG-2's CRC-32 (ISO/IEC 13818-1 Annex A) over a PSI section and its own CRC: 0 when the section is intact. */
function mpegCrc(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/**
 * Whether a decrypted segment's first packet, a table ffmpeg starts every segment with, reads intact. A wrong IV
 * garbles only the first 16 bytes of a CBC decryption, which a probe of the whole segment would not notice.
 */
function firstTableIntact(ts: Buffer): boolean {
  if (ts[0] !== 0x47) return false;
  const start = 5 + ts[4]!; // after the header and the pointer field
  const length = 3 + (((ts[start + 1]! & 0x0f) << 8) | ts[start + 2]!);
  return mpegCrc(ts.subarray(start, start + length)) === 0;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'media-package-test-'));
  const { content, privateDir } = paths(work);
  await Promise.all([cp('content', content, { recursive: true }), mkdir(privateDir)]);
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1920x1080:rate=12:duration=20'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
    join(work, 'clip.mp4'),
  ]);
}, 120_000);

afterAll(async () => {
  await storage?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('media:package', () => {
  it('packages a locked title: the ladder to 1080p, 2 s segments, AES-128 with a key kept outside the stream', { timeout: 300_000 }, async () => {
    await mediaPackage(join(work, 'clip.mp4'), LOCKED);
    const videourl = await videourlOf('trailers', 'iron-meridian');
    expect(videourl).toMatch(/^stream:\/media\/streams\/trailers-iron-meridian-[0-9a-f]{12}$/);
    const id = videourl.split('/').pop()!;
    const folder = join(paths(work).out, id);

    const master = await readFile(join(folder, 'master.m3u8'), 'utf8');
    const heights = [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((match) => Number(match[1]));
    expect(heights).toEqual([240, 360, 540, 720, 1080]);
    // Measured from the segments (peak and average), not ffmpeg's rate ceilings: what a player's ABR decides by.
    const rates = [...master.matchAll(/BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
    expect(rates).toHaveLength(5);
    for (const [peak, average] of rates) expect(peak).toBeGreaterThanOrEqual(average!);
    expect(rates.map(([peak]) => peak)).toEqual([...rates.map(([peak]) => peak!)].sort((a, b) => a - b));
    for (const height of heights) {
      const playlist = await readFile(join(folder, `${height}p.m3u8`), 'utf8');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((match) => Number(match[1]));
      expect(durations).toHaveLength(10);
      for (const seconds of durations) expect(seconds).toBeCloseTo(2, 1);
      // One key line before the first segment, with no IV: each segment's IV is its media sequence number.
      expect(playlist).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
      expect(playlist.match(/#EXT-X-KEY:.*/g)).toEqual(['#EXT-X-KEY:METHOD=AES-128,URI="key"']);
      expect(playlist.indexOf('#EXT-X-KEY')).toBeLessThan(playlist.indexOf('#EXTINF'));
    }

    // The key is in the (here: embedded) key store, not beside the segments.
    const keyLine = (await readFile(join(paths(work).privateDir, 'stream-keys.txt'), 'utf8')).split('\n').find((line) => line.startsWith(`${id} `));
    const key = Buffer.from(keyLine!.split(' ')[1]!, 'hex');
    expect(key).toHaveLength(16);
    for (const name of await readdir(folder)) expect((await readFile(join(folder, name))).includes(key), name).toBe(false);

    // A segment does not decode without the key; decrypted with it, it is 1080p H.264.
    expect(await probe(join(folder, '1080p_000.m2ts'))).toBe('unreadable');
    const decrypt = async (sequence: number, iv: Buffer) => {
      const decipher = createDecipheriv('aes-128-cbc', key, iv);
      return Buffer.concat([decipher.update(await readFile(join(folder, `1080p_00${sequence}.m2ts`))), decipher.final()]);
    };
    for (const sequence of [0, 2]) {
      const clear = await decrypt(sequence, ivOf(sequence));
      expect(firstTableIntact(clear), `segment ${sequence}`).toBe(true);
      await writeFile(join(work, 'clear.ts'), clear);
      expect(await probe(join(work, 'clear.ts'))).toBe('h264,1080');
    }
    // Not one IV for every segment: IV 0 garbles every segment's first block but the first's.
    expect(firstTableIntact(await decrypt(2, ivOf(0)))).toBe(false);

    // A second run on the same input writes nothing: not the stream, the key or the catalog.
    const before = [...(await snapshot(work))].sort();
    expect(await mediaPackage(join(work, 'clip.mp4'), LOCKED)).toContain('already packaged');
    expect([...(await snapshot(work))].sort()).toEqual(before);
  });

  it('packages a free title in the clear, capped where asked', { timeout: 120_000 }, async () => {
    await mediaPackage(join(work, 'clip.mp4'), FREE, '--max-height', '360');
    const id = (await videourlOf('documentaries', 'the-last-lighthouse-keepers')).split('/').pop()!;
    const folder = join(paths(work).out, id);
    expect([...(await readFile(join(folder, 'master.m3u8'), 'utf8')).matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => m[1])).toEqual(['240', '360']);
    expect(await readFile(join(folder, '360p.m3u8'), 'utf8')).not.toContain('#EXT-X-KEY');
    expect(await probe(join(folder, '360p_000.m2ts'))).toBe('h264,360');
  });

  it('reads a master from Cloud Storage and writes the stream to a public bucket, every file typed and cached for a year', { timeout: 120_000 }, async () => {
    storage = await startCloudStorage();
    storage.put('masters', 'films/clip.mp4', await readFile(join(work, 'clip.mp4')), 'video/mp4');
    const output = await mediaPackage(
      'gs://masters/films/clip.mp4',
      'documentaries/beneath-the-kelp-canopy',
      '--out',
      'gs://public-streams/streams',
      '--max-height',
      '240',
    );
    const videourl = await videourlOf('documentaries', 'beneath-the-kelp-canopy');
    const id = /^stream:https:\/\/storage\.googleapis\.com\/public-streams\/streams\/(documentaries-beneath-the-kelp-canopy-[0-9a-f]{12})$/.exec(videourl)?.[1];
    expect(id, `${videourl}\n${output}`).toBeDefined();

    const names = storage.uploads.filter((name) => name.startsWith(`public-streams/streams/${id}/`)).map((name) => name.split('/').pop());
    expect(names.sort()).toEqual(['240p.m3u8', ...Array.from({ length: 10 }, (_, i) => `240p_${String(i).padStart(3, '0')}.m2ts`), 'master.m3u8']);
    for (const name of names) {
      const object = storage.objects.get(`public-streams/streams/${id}/${name}`)!;
      expect(object.cacheControl, name).toBe('public, max-age=31536000, immutable');
      expect(object.contentType, name).toBe(name!.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
    }
    // The segments uploaded are the ones the master's bytes make: 240p H.264 in the clear (a free title).
    await writeFile(join(work, 'from-bucket.m2ts'), storage.objects.get(`public-streams/streams/${id}/240p_000.m2ts`)!.bytes);
    expect(await probe(join(work, 'from-bucket.m2ts'))).toBe('h264,240');

    // A second run finds the stream in the bucket and uploads nothing.
    const uploaded = storage.uploads.length;
    expect(
      await mediaPackage('gs://masters/films/clip.mp4', 'documentaries/beneath-the-kelp-canopy', '--out', 'gs://public-streams/streams', '--max-height', '240'),
    ).toContain('already packaged');
    expect(storage.uploads).toHaveLength(uploaded);
  });
});
