/**
 * `npm run media:package -- <file|gs://bucket/object> <catalog path> [--out …] [--base …] [--max-height N]`:
 * turns a master video into an HLS ladder (renditions up to its height, 2 s segments, one master playlist)
 * and points the catalog document's videourl at it (`stream:<base>/<id>`). A locked title's segments are
 * encrypted with AES-128 under a key of its own, each with its media sequence number as IV, and the key is kept
 * server-side (Firestore's streamKeys, the file ledger, or the embedded catalog's media-private/stream-keys.txt),
 * never beside the segments.
 *
 * --out   a folder (default public/media/streams, served by the site) or gs://bucket/prefix (a public bucket);
 * --base  the public URL of --out when it is a folder outside public/ (a CDN serving it);
 * --content  the embedded catalog's folder (default content/), when no Firestore is configured;
 * --crf   x264's constant quality (default 23), capped per rung; --max-height  the top rung at most.
 * The stream's id is the path's slug and a hash of the source and settings: a second run writes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv, type Env } from '../lib/env/schema';
import { chooseBackend, firestore } from '../lib/firebase-admin-app';
import { videoSource } from '../lib/media/source';
import { saveStreamKey, streamKeyOf } from '../lib/payments/playback/stream-keys';
import { embeddedTarget, firestoreTarget } from './media/package/catalog-target';
import { setMeasuredBandwidth } from './media/package/bandwidth';
import { encryptStream, SEGMENT_ENCRYPTION } from './media/package/encryption';
import { media, probe } from './media/package/ffmpeg';
import { ffmpegArguments, ladderFor, renditionName, SEGMENT_SECONDS } from './media/package/ladder';
import { downloadObject, objectExists, parseGsUrl, uploadFolder } from './media/package/storage';

async function sha256(file: string, settings: object): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(settings));
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Where the stream goes and the public URL it is played from. */
function destination(out: string, base: string | undefined) {
  if (out.startsWith('gs://')) {
    const { bucket, prefix } = parseGsUrl(out);
    return { remote: out, base: base ?? `https://storage.googleapis.com/${bucket}${prefix ? `/${prefix}` : ''}` };
  }
  const folder = resolve(out);
  const underPublic = relative(resolve('public'), folder);
  if (base) return { folder, base };
  if (underPublic.startsWith('..')) throw new Error(`--out ${out} is not under public/: give --base, the URL it is served from`);
  return { folder, base: `/${underPublic.split('\\').join('/')}` };
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string', default: 'public/media/streams' },
      base: { type: 'string' },
      'max-height': { type: 'string' },
      content: { type: 'string', default: 'content' },
      // x264's constant quality under each rung's ceiling: 23 for films, higher for the embedded catalog's small clips.
      crf: { type: 'string', default: '23' },
    },
  });
  const [input, path] = positionals;
  if (!input || !path)
    throw new Error('usage: npm run media:package -- <file|gs://bucket/object> <catalog path> [--out folder|gs://bucket/prefix] [--base URL] [--max-height N]');
  const env: Env = parseEnv(process.env);
  const embedded = chooseBackend(env) === 'local';
  const catalog = embedded ? embeddedTarget(resolve(values.content)) : firestoreTarget(firestore(env));
  const { videourl, locked } = await catalog.read(path);

  const work = await mkdtemp(join(tmpdir(), 'media-package-'));
  try {
    const source = input.startsWith('gs://') ? join(work, 'source') : resolve(input);
    if (input.startsWith('gs://')) await downloadObject(env, input, source);
    else if (!(await stat(source).catch(() => null))?.isFile()) throw new Error(`no file at ${input}`);
    const { height, hasAudio } = await probe(source);
    const crf = Number(values.crf);
    const renditions = ladderFor(height, values['max-height'] ? Number(values['max-height']) : undefined);
    // How segments are encrypted is part of what the id names: a stream made before per-segment IVs gets a new
    // folder, never new bytes under names that caches keep for a year. Free streams' ids are unchanged by it.
    const settings = { renditions, locked, crf, SEGMENT_SECONDS, ...(locked && { encryption: SEGMENT_ENCRYPTION }) };
    const id = `${path
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 150)}-${(await sha256(source, settings)).slice(0, 12)}`;
    const place = destination(values.out, values.base);
    const streamUrl = `stream:${place.base}/${id}`;
    if (!videoSource(streamUrl)) throw new Error(`${streamUrl} is not a stream address the site accepts (its base: / or https://)`);

    const exists = place.folder ? existsSync(join(place.folder, id, 'master.m3u8')) : await objectExists(env, `${place.remote}/${id}/master.m3u8`);
    let key = locked ? await streamKeyOf(env, id) : null;
    if (!exists) {
      const folder = join(work, id);
      await mkdir(folder);
      if (locked) key ??= randomBytes(16);
      console.log(`media:package: ${path}: ${renditions.map(renditionName).join(', ')}${locked ? ', AES-128' : ''} from a ${height}p source…`);
      await media('ffmpeg', ffmpegArguments({ source, folder, renditions, hasAudio, crf }));
      // The key stays in memory: the playlists name `key`, which the site answers to buyers.
      if (key) await encryptStream(folder, key);
      await setMeasuredBandwidth(folder);
      // The key is kept before the stream is published, so no published stream lacks its key.
      if (key) await saveStreamKey(env, id, key, embedded ? 'embedded' : 'ledger');
      if (place.folder) await cp(folder, join(place.folder, id), { recursive: true });
      else await uploadFolder(env, folder, `${place.remote}/${id}`);
      const files = await readdir(folder);
      const bytes = (await Promise.all(files.map(async (name) => (await stat(join(folder, name))).size))).reduce((a, b) => a + b, 0);
      console.log(`media:package: wrote ${files.length} files, ${(bytes / 1024).toFixed(0)} KB, to ${place.folder ?? place.remote}/${id}`);
    } else {
      if (locked && !key) throw new Error(`${id} exists but its key is not in the ledger: remove the folder and package again`);
      console.log(`media:package: ${id} is already packaged`);
    }
    if (videourl !== streamUrl) {
      await catalog.point(path, streamUrl);
      console.log(`media:package: ${path} in ${catalog.describe} now plays ${streamUrl} (was ${videourl})`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`media:package: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
