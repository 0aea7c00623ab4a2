/**
 * `npm run catalog:check`: what in the configured Firestore needs the operator: broken documents (with the
 * reason), titles the site has not indexed yet, locked titles whose video is public, covers that do not
 * exist, videos the site's policy would refuse, locked streams it would refuse (their playlists are read: no key,
 * a segment in the clear), and what the catalog sync last did. Exits 1 when something needs the operator, 2 when
 * no Firestore is configured. Reads every catalog document once.
 */
import { parseArgs } from 'node:util';
import { checkCatalog, checkLockedStreams, needsOperator, type Finding } from '../lib/catalog/check';
import { publicCoverCheck } from '../lib/catalog/cover-check';
import { muxPlaybackId, muxSigningKey } from '../lib/media/mux';
import { readDocument } from '../lib/catalog/firestore-adapter';
import { scanCatalog } from '../lib/catalog/sync/trees';
import { SYNC_RECORDS } from '../lib/catalog/sync/records';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase-admin-app';
import { videoPolicyProblem } from '../lib/media/policy-check';
import { streamPlaylist } from '../lib/media/stream-files';

const LISTED = 20;

function section(ok: string, problem: string, findings: (Finding | string)[]) {
  if (findings.length === 0) return console.log(`✓ ${ok}`);
  console.log(`✗ ${findings.length} ${problem}:`);
  for (const finding of findings.slice(0, LISTED)) console.log(typeof finding === 'string' ? `    ${finding}` : `    ${finding.path}: ${finding.message}`);
  if (findings.length > LISTED) console.log(`    … and ${findings.length - LISTED} more`);
}

async function main() {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const env = parseEnv(process.env);
  if (!firestoreConfigured(env)) {
    console.error(
      'catalog:check: no Firestore configured. Set FIRESTORE_EMULATOR_HOST (+ FIREBASE_PROJECT_ID) or Firebase credentials; see .env.local.example.',
    );
    process.exit(2);
  }
  const db = firestore(env);
  const [documents, status] = await Promise.all([scanCatalog(db), readDocument(db, SYNC_RECORDS.status)]);
  const mux = muxSigningKey(env);
  const signedByMux = (videourl: string) => mux !== null && muxPlaybackId(videourl) !== null;
  const check = await checkLockedStreams(
    checkCatalog(documents, publicCoverCheck(), (videourl) => videoPolicyProblem(videourl, env), signedByMux),
    // An unreachable host is reported as a playlist that cannot be read, like a missing one.
    (base, name) => streamPlaylist(base, name).catch(() => null),
  );
  const lastSync = (status?.data as Record<string, unknown> | undefined) ?? null;
  if (values.json) {
    console.log(JSON.stringify({ documents: documents.length, ...check, lastSync }, null, 2));
  } else {
    const target = env.FIRESTORE_EMULATOR_HOST ? `emulator ${env.FIRESTORE_EMULATOR_HOST}` : 'Firestore';
    console.log(`catalog:check: ${documents.length} catalog documents in project ${env.FIREBASE_PROJECT_ID ?? '(default credentials)'} (${target})\n`);
    section('no broken documents', 'broken documents (the site skips them)', check.broken);
    section(
      'every title is indexed',
      `titles not indexed yet (not in lists and search as they are now; a running site indexes them within CATALOG_SYNC_SECONDS, ${env.CATALOG_SYNC_SECONDS} s)`,
      check.unindexed,
    );
    section('no locked title plays a public video', 'locked titles whose video anyone with the URL can watch', check.publicPaidVideos);
    section('every cover exists', 'covers that do not exist (the default cover is shown)', check.missingCovers);
    section('every video plays under the site policy', 'videos the Content-Security-Policy would refuse', check.refusedVideos);
    section('every locked stream is encrypted throughout', 'locked streams the site refuses to serve', check.refusedStreams);
    section('every free preview plays', 'previews that do not play (previewSeconds)', check.previews);
    section(
      'every price is well formed',
      'prices that are malformed (price, currency "SOL" or "USDC", rentalPrice with rentalHours; docs/catalog.md): not sold until fixed',
      check.malformedPrices,
    );
    for (const { path, message } of check.releases) console.log(`· ${path}: ${message} (a note)`);
    if (check.withoutCover.length > 0)
      console.log(`· ${check.withoutCover.length} titles or episodes have no cover and show the default one (a note, not a problem)`);
    console.log(
      lastSync
        ? `\nLast sync: ${lastSync.at} (${lastSync.mode}): indexed ${lastSync.indexedCount} titles, removed ${lastSync.removedEntries} search entries, ${lastSync.reads} reads, ${lastSync.durationMs} ms`
        : '\nLast sync: none has run against this Firestore yet (the site runs it on start, and every CATALOG_SYNC_SECONDS after a change)',
    );
  }
  process.exit(needsOperator(check) ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error('catalog:check failed:', error instanceof Error ? error.message : error);
  process.exit(2);
});
