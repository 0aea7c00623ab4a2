import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The file store (no Firestore here), in a directory of its own.
process.env.LEDGER_DIR = mkdtempSync(join(tmpdir(), 'solenema-counted-'));
process.env.ENTITLEMENT_SECRET = 'unit-test-counted-secret-0123456789abcdef';
afterAll(() => {
  delete process.env.LEDGER_DIR;
  delete process.env.ENTITLEMENT_SECRET;
});
const { ADDRESS_REPORTS_PER_MINUTE, BROWSERS_COUNTED_PER_ADDRESS, countOnce, dayOf, figures } = await import('@/lib/figures');

const playsOf = async (title: string, now: number) => (await figures.days(dayOf(now), dayOf(now), dayOf(now))).get(dayOf(now))?.[title]?.plays ?? 0;
const browser = (n: number) => `browser-${String(n).padStart(14, '0')}`;

describe('countOnce', () => {
  it('counts a play once per browser, title and day, and at most BROWSERS_COUNTED_PER_ADDRESS browsers of one address', async () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    const script = '203.0.113.50';
    // A script with 100 cookies from one address, reporting each of them ten times, and again without a cookie.
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(Array.from({ length: 100 }, (_, n) => countOnce('trailers/a', 'plays', { browser: browser(n), address: script }, now)));
      await countOnce('trailers/a', 'plays', { browser: null, address: script }, now);
    }
    expect(await playsOf('trailers/a', now)).toBe(BROWSERS_COUNTED_PER_ADDRESS);
    // Another address's viewer still counts, once; so does the next day, and another title.
    expect(await countOnce('trailers/a', 'plays', { browser: browser(500), address: '198.51.100.9' }, now)).toBe(true);
    expect(await countOnce('trailers/a', 'plays', { browser: browser(500), address: '198.51.100.9' }, now)).toBe(false);
    expect(await playsOf('trailers/a', now)).toBe(BROWSERS_COUNTED_PER_ADDRESS + 1);
    expect(await countOnce('trailers/a', 'plays', { browser: browser(1), address: script }, now + 86_400_000)).toBe(true);
    expect(await countOnce('trailers/b', 'plays', { browser: browser(1), address: script }, now)).toBe(true);
  });

  it('counts an episode toward its series, and a checkout once per browser like a play', async () => {
    const now = Date.parse('2026-12-02T12:00:00Z');
    const who = { browser: browser(7), address: '203.0.113.51' };
    expect(await countOnce('series/s/seasons/one/episodes/e1', 'checkouts', who, now)).toBe(true);
    expect(await countOnce('series/s/seasons/one/episodes/e2', 'checkouts', who, now)).toBe(false);
    expect((await figures.days(dayOf(now), dayOf(now), dayOf(now))).get(dayOf(now))?.['series/s']).toEqual({ checkouts: 1 });
  });

  it('without an address the deployment vouches for, counts each browser once (clients cannot be told apart)', async () => {
    const now = Date.parse('2026-12-03T12:00:00Z');
    for (let n = 0; n < 30; n += 1) await countOnce('trailers/c', 'plays', { browser: browser(n), address: null }, now);
    expect(await playsOf('trailers/c', now)).toBe(30);
  });

  it('looks at no more than a few hundred reports a minute from one address, whatever its cookies: the rest write nothing', async () => {
    const now = Date.parse('2026-12-04T12:00:00Z');
    const flood = '203.0.113.52';
    let counted = 0;
    for (let n = 0; n < 400; n += 1) if (await countOnce(`trailers/t${n}`, 'plays', { browser: browser(n), address: flood }, now)) counted += 1;
    expect(counted).toBe(ADDRESS_REPORTS_PER_MINUTE);
    expect(await countOnce('trailers/t0', 'plays', { browser: browser(900), address: '198.51.100.10' }, now)).toBe(true);
  });
});
