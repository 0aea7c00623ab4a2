import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refuse } from '@/lib/errors';
import { fileCodes, firestoreCodes, type CodeStore, type UseCheck } from '@/lib/payments/codes/code-store';
import { whyNotUsable, type CodeUse, type PromoCode } from '@/lib/payments/codes/code-rules';
import { testFirestore, type TestFirestore } from '../support/firestore';

const PATH = 'trailers/a';
const made = (text: string, fields: Partial<PromoCode> = {}): PromoCode => ({
  code: text,
  off: { type: 'percent', percent: 50 },
  scope: { type: 'all' },
  uses: 0,
  createdAt: new Date().toISOString(),
  ...fields,
});
const use = (code: string, browser: string, screener = false): CodeUse => ({ code, path: PATH, title: 'A', browser, at: Date.now(), screener });
const rules: UseCheck = (code, counting) => {
  const why = whyNotUsable(code, PATH, Date.now(), counting);
  return why ? refuse('conflict', why) : null;
};

/** Both stores promise the same thing: a cap holds however many checkouts start at once, and a browser is counted once. */
function codeStoreContract(name: string, make: () => Promise<CodeStore>) {
  describe(`code store: ${name}`, () => {
    it('counts exactly `cap` of many redemptions started at once, and refuses the rest with the reason', async () => {
      const store = await make();
      expect(await store.create(made('CAPONE', { cap: 1 }))).toBe(true);
      expect(await store.create(made('CAPONE'))).toBe(false);
      const tries = await Promise.all(Array.from({ length: 4 }, (_, i) => store.redeem('CAPONE', use('CAPONE', `browser-${i}`), rules)));
      expect(tries.filter((t) => t.ok)).toHaveLength(1);
      expect(tries.filter((t) => !t.ok)).toEqual(
        Array.from({ length: 3 }, () => ({ ok: false, code: 'conflict', reason: 'Code CAPONE has been used as many times as it may (1).' })),
      );
      expect((await store.find('CAPONE'))?.uses).toBe(1);
      expect(await store.uses(10)).toEqual([expect.objectContaining({ code: 'CAPONE', path: PATH, screener: false })]);
    });

    it('a browser using a code again on the same title is not counted again, even at the cap; an unknown code is named', async () => {
      const store = await make();
      await store.create(made('AGAIN', { cap: 2 }));
      expect(await store.redeem('AGAIN', use('AGAIN', 'one'), rules)).toMatchObject({ ok: true, counted: true });
      expect(await store.redeem('AGAIN', use('AGAIN', 'two'), rules)).toMatchObject({ ok: true, counted: true });
      expect(await store.redeem('AGAIN', use('AGAIN', 'one'), rules)).toMatchObject({ ok: true, counted: false, code: { uses: 2 } });
      expect(await store.redeem('AGAIN', use('AGAIN', 'three'), rules)).toMatchObject({ ok: false });
      expect(await store.redeem('NOSUCH', use('NOSUCH', 'one'), rules)).toEqual({
        ok: false,
        code: 'not_found',
        reason: 'There is no code NOSUCH: check its spelling.',
      });
      expect((await store.list(10)).map((code) => code.code)).toContain('AGAIN');
    });

    it('a refused check counts nothing', async () => {
      const store = await make();
      await store.create(made('LATER', { startsAt: Date.now() + 60_000 }));
      expect(await store.redeem('LATER', use('LATER', 'one'), rules)).toMatchObject({ ok: false, reason: expect.stringContaining('starts on') });
      expect((await store.find('LATER'))?.uses).toBe(0);
      expect(await store.uses(10)).toEqual([]);
    });
  });
}

codeStoreContract('files', async () => fileCodes(await mkdtemp(join(tmpdir(), 'solenema-codes-'))));

const projects: TestFirestore[] = [];
afterAll(() => Promise.all(projects.map((project) => project.close())));
codeStoreContract('Firestore (emulator)', async () => {
  const project = await testFirestore(`demo-codes-${projects.length}`);
  projects.push(project);
  return firestoreCodes(project.db, 10_000);
});

describe('the file store’s sample code', () => {
  it('is there from the first read, and counted like any other', async () => {
    const store = fileCodes(await mkdtemp(join(tmpdir(), 'solenema-codes-')), [made('HALFOFF')]);
    expect((await store.find('HALFOFF'))?.off).toEqual({ type: 'percent', percent: 50 });
    expect(await store.redeem('HALFOFF', use('HALFOFF', 'one'), rules)).toMatchObject({ ok: true, code: { uses: 1 } });
  });
});
