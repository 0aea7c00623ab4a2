import 'server-only';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { Env } from '../../env/schema';
import { firestore, firestoreConfigured } from '../../firebase-admin-app';
import { createRecordFile, readRecordFile } from '../../record-files';

/**
 * The AES-128 keys of locked streams (media:package makes one per stream), kept where the ledger is:
 * Firestore's `streamKeys/{streamId}` (which firestore.rules denies every client), else files in LEDGER_DIR.
 * The embedded catalog's keys are in PRIVATE_MEDIA_DIR/stream-keys.txt, so `npm run dev` plays its locked
 * streams with no setup: they are checked into the repository, so they protect nothing (docs/security.md).
 * A key never changes once made (its stream's id names the content), so each is read once per process.
 */
const KEY_BYTES = 16;
const HEX_KEY = /^[0-9a-f]{32}$/;
const keySchema = z.object({ key: z.string().regex(HEX_KEY) });

export type KeyHome = 'embedded' | 'ledger';

// Plain text, `{stream id} {key in hex}` a line: every *.json of the project is traced into the API functions
// (the file ledger's `${name}.json` reads), and the embedded keys must ship with the media route only.
const embeddedFile = (env: Env) => resolve(/* turbopackIgnore: true */ process.cwd(), env.PRIVATE_MEDIA_DIR, 'stream-keys.txt');
const ledgerDir = (env: Env) => join(/* turbopackIgnore: true */ env.LEDGER_DIR ?? join(process.cwd(), '.data'));
const HEADER = [
  "# The embedded catalog's stream keys (npm run media:package): `{stream id} {AES-128 key, hex}` a line.",
  '# Checked into the repository, so they protect nothing: demo clips only (docs/security.md).',
];

async function readEmbedded(env: Env): Promise<Map<string, string>> {
  const text = await readFile(/* turbopackIgnore: true */ embeddedFile(env), 'utf8').catch(() => '');
  const pairs = text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/));
  return new Map(pairs.filter(([id, key]) => id && key && HEX_KEY.test(key)).map(([id, key]) => [id!, key!]));
}

async function readFromLedger(env: Env, id: string): Promise<string | null> {
  if (firestoreConfigured(env)) {
    const snapshot = await firestore(env).doc(`streamKeys/${id}`).get();
    const parsed = keySchema.safeParse(snapshot.data());
    return parsed.success ? parsed.data.key : null;
  }
  const found = await readRecordFile(join(ledgerDir(env), 'stream-keys', `${id}.json`));
  const parsed = found.state === 'whole' ? keySchema.safeParse(found.data) : null;
  return parsed?.success ? parsed.data.key : null;
}

const known = new Map<string, Buffer>();

/** The key of a locked stream, or null when none was made for it. */
export async function streamKeyOf(env: Env, id: string): Promise<Buffer | null> {
  const cached = known.get(id);
  if (cached) return cached;
  const hex = (await readEmbedded(env)).get(id) ?? (await readFromLedger(env, id));
  if (!hex) return null;
  const key = Buffer.from(hex, 'hex');
  known.set(id, key);
  return key;
}

/** Keeps a new stream's key: in the embedded catalog's file, or in the ledger's store. Never overwrites one. */
export async function saveStreamKey(env: Env, id: string, key: Buffer, home: KeyHome): Promise<void> {
  if (key.length !== KEY_BYTES) throw new Error(`a stream key is ${KEY_BYTES} bytes, not ${key.length}`);
  const record = { key: key.toString('hex'), createdAt: new Date().toISOString() };
  if (home === 'embedded') {
    const keys = await readEmbedded(env);
    if (keys.has(id)) return;
    const lines = [...keys.set(id, record.key)].sort(([a], [b]) => a.localeCompare(b)).map(([streamId, key]) => `${streamId} ${key}`);
    await writeFile(/* turbopackIgnore: true */ embeddedFile(env), `${[...HEADER, ...lines].join('\n')}\n`);
  } else if (firestoreConfigured(env)) {
    await firestore(env)
      .doc(`streamKeys/${id}`)
      .create(record)
      .catch((error: { code?: number }) => {
        if (error.code !== 6) throw error; // ALREADY_EXISTS: the key this stream was encrypted with stays
      });
  } else {
    const dir = join(ledgerDir(env), 'stream-keys');
    await createRecordFile(join(dir, `${id}.json`), record, join(ledgerDir(env), '.tmp'));
  }
}
