import 'server-only';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { withDeadline } from '../../deadline';
import { countReads } from '../../firestore-reads';
import { refuse, type Refusal } from '../../errors';
import { createRecordFile, readRecordFile, replaceRecordFile } from '../../record-files';
import { parseWith, present } from '../ledger/ledger-records';
import { codeUseSchema, promoCodeSchema, unknownCode, type CodeUse, type PromoCode } from './code-rules';

/** Whether a use may be counted (`counting`: it is a new one): a refusal, or null to count it. */
export type UseCheck = (code: PromoCode, counting: boolean) => Refusal | null;
type Redeemed = { ok: true; code: PromoCode; counted: boolean } | Refusal;

/**
 * Where codes and their uses are kept: Firestore's `promoCodes/{code}` and `codeUses/{id}`, or files beside the file
 * ledger. `redeem` reads the code and this browser's use of it on this title, checks, and counts a new use, all in
 * one transaction: however many checkouts start at once, no more than `cap` are counted.
 */
export interface CodeStore {
  /** False when a code of that text exists. */
  create(code: PromoCode): Promise<boolean>;
  find(text: string): Promise<PromoCode | null>;
  /** The newest codes first, at most `limit`. */
  list(limit: number): Promise<PromoCode[]>;
  redeem(text: string, use: CodeUse, check: UseCheck): Promise<Redeemed>;
  /** The newest uses first, at most `limit`. */
  uses(limit: number): Promise<CodeUse[]>;
}

/** One use per code, browser and title: a fixed-length id, whatever the path. */
const useId = ({ code, browser, path }: Pick<CodeUse, 'code' | 'browser' | 'path'>) =>
  createHash('sha256').update(`${code}\n${browser}\n${path}`).digest('base64url').slice(0, 32);

const newestCodes = (a: PromoCode, b: PromoCode) => b.createdAt.localeCompare(a.createdAt);
const noCode = (text: string) => refuse('not_found', unknownCode(text));

export function firestoreCodes(db: Firestore, timeoutMs: number): CodeStore {
  const bounded = <T>(work: Promise<T>, what: string) => withDeadline(work, timeoutMs, `codes ${what}`);
  return {
    async create(code) {
      try {
        await bounded(db.doc(`promoCodes/${code.code}`).create(code), 'create');
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === 6) return false;
        throw error;
      }
    },
    async find(text) {
      const snapshot = await bounded(db.doc(`promoCodes/${text}`).get(), 'read');
      countReads(1);
      return snapshot.exists ? parseWith(promoCodeSchema, snapshot.data(), snapshot.ref.path) : null;
    },
    async list(limit) {
      const snapshot = await bounded(db.collection('promoCodes').orderBy('createdAt', 'desc').limit(limit).get(), 'list');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(promoCodeSchema, doc.data(), doc.ref.path)).filter(present);
    },
    redeem: (text, use, check) =>
      bounded(
        db.runTransaction(async (tx) => {
          const codeRef = db.doc(`promoCodes/${text}`);
          const useRef = db.doc(`codeUses/${useId(use)}`);
          const [codeSnap, useSnap] = await tx.getAll(codeRef, useRef);
          countReads(2);
          const code = codeSnap?.exists ? parseWith(promoCodeSchema, codeSnap.data(), codeRef.path) : null;
          if (!code) return noCode(text);
          const counting = !useSnap?.exists;
          const refused = check(code, counting);
          if (refused) return refused;
          if (counting) {
            tx.update(codeRef, { uses: FieldValue.increment(1) });
            tx.create(useRef, use);
          }
          return { ok: true as const, code: counting ? { ...code, uses: code.uses + 1 } : code, counted: counting };
        }),
        'redeem',
      ),
    async uses(limit) {
      const snapshot = await bounded(db.collection('codeUses').orderBy('at', 'desc').limit(limit).get(), 'uses');
      countReads(snapshot.size);
      return snapshot.docs.map((doc) => parseWith(codeUseSchema, doc.data(), doc.ref.path)).filter(present);
    },
  };
}

/**
 * Files under `dir` (the file ledger's folder). One server process owns a file ledger (lib/record-files.ts), so an
 * in-process queue stands in for the transaction: redemptions run one after another. `samples` are created on first use.
 */
export function fileCodes(dir: string, samples: PromoCode[] = []): CodeStore {
  const codes = join(dir, 'codes');
  const uses = join(dir, 'code-uses');
  const tmp = join(dir, '.tmp');
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  let seeded: Promise<unknown> | null = null;
  const ready = () => (seeded ??= Promise.all(samples.map((code) => createRecordFile(join(codes, `${code.code}.json`), code, tmp))));
  const readOne = async <T>(file: string, parse: (data: unknown) => T | null) => {
    const found = await readRecordFile(file);
    return found.state === 'whole' ? parse(found.data) : null;
  };
  const find = async (text: string) => {
    await ready();
    return readOne(join(codes, `${text}.json`), (data) => parseWith(promoCodeSchema, data, `codes/${text}`));
  };
  const readAllIn = async <T>(folder: string, parse: (data: unknown, name: string) => T | null) => {
    const names = await readdir(folder).catch(() => [] as string[]);
    return (await Promise.all(names.map((name) => readOne(join(folder, name), (data) => parse(data, name))))).filter(present);
  };
  return {
    async create(code) {
      await ready();
      return createRecordFile(join(codes, `${code.code}.json`), code, tmp);
    },
    find,
    async list(limit) {
      await ready();
      return (await readAllIn(codes, (data, name) => parseWith(promoCodeSchema, data, name))).sort(newestCodes).slice(0, limit);
    },
    redeem: (text, use, check) =>
      oneAtATime(async (): Promise<Redeemed> => {
        const code = await find(text);
        if (!code) return noCode(text);
        const useFile = join(uses, `${useId(use)}.json`);
        const counting = (await readRecordFile(useFile)).state === 'absent';
        const refused = check(code, counting);
        if (refused) return refused;
        if (!counting) return { ok: true, code, counted: false };
        const counted = { ...code, uses: code.uses + 1 };
        await replaceRecordFile(join(codes, `${text}.json`), counted, tmp);
        await createRecordFile(useFile, use, tmp);
        return { ok: true, code: counted, counted: true };
      }),
    uses: async (limit) => (await readAllIn(uses, (data, name) => parseWith(codeUseSchema, data, name))).sort((a, b) => b.at - a.at).slice(0, limit),
  };
}
