/**
 * Copies the embedded catalog (content/*.json) into the configured Firestore, emulator or real, with
 * each title's sort key and the search entries, then asks the site to refresh what changed.
 * Idempotent: a document already holding the same data is left alone, so a second run writes nothing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase-admin-app';
import { embeddedDocuments } from '../lib/catalog/embedded';
import { subtitlesField } from '../lib/catalog/schemas';
import type { RawDocument } from '../lib/catalog/store';
import { writeCatalog } from '../lib/catalog/seed-writer';
import { revalidateSite } from './revalidate-site';
import { videoSource } from '../lib/media/source';

async function main() {
  const env = parseEnv(process.env);
  if (!firestoreConfigured(env)) {
    console.error('seed: no Firestore configured. Set FIRESTORE_EMULATOR_HOST (+ FIREBASE_PROJECT_ID) or Firebase credentials; see .env.local.example.');
    process.exit(1);
  }
  const db = firestore(env);
  const documents = embeddedDocuments();
  const { written, total } = await writeCatalog(db, documents);
  for (const doc of written) console.log(`  wrote ${doc.path}`);
  const target = env.FIRESTORE_EMULATOR_HOST ? `emulator ${env.FIRESTORE_EMULATOR_HOST}` : `project ${env.FIREBASE_PROJECT_ID ?? '(default credentials)'}`;
  console.log(`seed: ${written.length} written, ${total - written.length} unchanged, into ${target}`);
  console.log(
    await revalidateSite(
      process.env.NEXT_PUBLIC_SITE_URL,
      env.REVALIDATE_SECRET,
      written.map((doc) => doc.path),
    ),
  );
  const lockedAt = lockCheck(documents);
  console.log(describePaidMedia(documents, lockedAt));
  console.log(describeSubtitles(documents, lockedAt));
  process.exit(0);
}

/** Whether a document is locked, itself or by a locked parent (a series locks its episodes). */
function lockCheck(documents: RawDocument[]) {
  const data = new Map(documents.map((doc) => [doc.path, doc.data as { locked?: boolean }]));
  return (path: string) => {
    const segments = path.split('/');
    return segments.some((_, i) => i % 2 === 1 && data.get(segments.slice(0, i + 1).join('/'))?.locked === true);
  };
}

/**
 * Where the locked videos live, and how to protect one that is public: the operator's checklist
 * after a seed (the same rules apply to documents written by hand).
 */
function describePaidMedia(documents: RawDocument[], lockedAt: (path: string) => boolean): string {
  const data = new Map(documents.map((doc) => [doc.path, doc.data as { videourl?: unknown }]));
  const kinds = { private: 0, storage: 0, stream: 0, public: [] as string[] };
  for (const doc of documents) {
    const { videourl } = data.get(doc.path)!;
    if (typeof videourl !== 'string' || !lockedAt(doc.path)) continue;
    const source = videoSource(videourl);
    if (source?.kind === 'private') kinds.private += 1;
    else if (source?.kind === 'storage') kinds.storage += 1;
    else if (source?.kind === 'stream') kinds.stream += 1;
    else kinds.public.push(`    ${doc.path}: ${videourl}`);
  }
  return [
    `seed: paid media: ${kinds.private} locked videos are private:… files (shipped in media-private/, streamed only to buyers),`,
    `  ${kinds.storage} are gs://… Cloud Storage objects (buyers get a signed URL), ${kinds.stream} are stream:… HLS ladders`,
    `  (encrypted segments, the key only for buyers), ${kinds.public.length} play a public URL that is NOT protected:`,
    ...kinds.public,
    '  To protect a video: upload it to a private bucket (gcloud storage cp film.mp4 gs://BUCKET/films/film.mp4) and set its',
    '  videourl to gs://BUCKET/films/film.mp4, or put the file in media-private/ and set videourl to private:films/film.mp4,',
    '  or package it as an encrypted stream: npm run media:package -- film.mp4 <catalog path>.',
  ].join('\n');
}

/**
 * Which titles carry subtitles, read by the site's own rules: entries it will skip, locked titles whose
 * subtitles it will not offer (subtitle files are public text), and files that are not in public/.
 */
function describeSubtitles(documents: RawDocument[], lockedAt: (path: string) => boolean): string {
  const offered = { titles: 0, tracks: 0, languages: new Set<string>() };
  const skipped: string[] = [];
  const locked: string[] = [];
  const missing: string[] = [];
  for (const doc of documents) {
    const { tracks, skipped: reasons } = subtitlesField.parse((doc.data as { subtitles?: unknown }).subtitles);
    skipped.push(...reasons.map((reason) => `    ${doc.path}: ${reason}`));
    if (tracks.length === 0) continue;
    if (lockedAt(doc.path)) {
      locked.push(`    ${doc.path}`);
      continue;
    }
    offered.titles += 1;
    offered.tracks += tracks.length;
    for (const track of tracks) {
      offered.languages.add(track.lang);
      if (!existsSync(join('public', track.src))) missing.push(`    ${doc.path}: ${track.src}`);
    }
  }
  const section = (lines: string[], heading: string) => (lines.length > 0 ? [`  ${lines.length} ${heading}`, ...lines] : []);
  return [
    `seed: subtitles: ${offered.titles} free titles carry ${offered.tracks} WebVTT tracks (${[...offered.languages].sort().join(', ') || 'none'})`,
    ...section(skipped, 'entries are broken and skipped by the site:'),
    ...section(locked, 'locked titles have subtitles the site does not offer (subtitle files are public text; see docs/watching.md, Captions):'),
    ...section(missing, 'subtitle files are not in public/ (the player would show no captions):'),
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
