import 'server-only';
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The file ledger's disk: every record is written whole to a temporary file, synced, then put in place in
 * one step (link or rename), so a crash or a full disk never leaves a half-written record under its name.
 * Files an older version left half-written read as absent and are replaced by the next write. One server
 * process owns a file ledger (docs/selling.md: a single server whose disk persists).
 */

/** A record file: absent, there but not whole JSON (half-written), or its JSON. */
type RecordFile = { state: 'absent' } | { state: 'broken' } | { state: 'whole'; data: unknown };

export async function readRecordFile(file: string): Promise<RecordFile> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return { state: 'absent' };
  try {
    return { state: 'whole', data: JSON.parse(text) as unknown };
  } catch {
    return { state: 'broken' };
  }
}

/** Creates a record at `file` unless one is there: true when this call made it (Firestore's create()). */
export async function createRecordFile(file: string, data: object, tmpDir: string): Promise<boolean> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = await writeTemp(tmpDir, data);
  try {
    return (await linkOnce(tmp, file)) || (await oneAtATime(file, () => replaceIfBroken(file, tmp)));
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Writes a record at `file`, replacing what is there, in one step. */
export async function replaceRecordFile(file: string, data: object, tmpDir: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = await writeTemp(tmpDir, data);
  try {
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** A half-written record names nothing: the write that finds it takes its place, so no claim is blocked for good. */
async function replaceIfBroken(file: string, tmp: string): Promise<boolean> {
  const found = await readRecordFile(file);
  if (found.state === 'whole') return false;
  if (found.state === 'absent') return linkOnce(tmp, file);
  console.warn(`[ledger] ${file} was half-written (a crash or a full disk before this version): replaced`);
  await rename(tmp, file);
  return true;
}

/** Unlike rename, link refuses a name that exists: atomic and create-once in one step. */
async function linkOnce(tmp: string, file: string): Promise<boolean> {
  try {
    await link(tmp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function writeTemp(tmpDir: string, data: object): Promise<string> {
  await mkdir(tmpDir, { recursive: true });
  const tmp = join(tmpDir, `${randomBytes(12).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx');
    try {
      await handle.writeFile(JSON.stringify(data));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  return tmp;
}

/** Repairs of one file run one after another, so two writers finding it half-written cannot both create it. */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
