import { describe, expect, it } from 'vitest';
import { decimalAmount } from '@/lib/catalog/pricing';
import { salesCursorOf, formatSalesCursor } from '@/lib/studio/cursor';
import { rangeOf } from '@/lib/studio/range';
import { CSV_BOM, CSV_HEADER, csvLine, saleLine } from '@/lib/studio/sales-csv';
import type { Sale } from '@/lib/studio/report';

const sale = (extra: Partial<Sale> = {}): Sale => ({
  signature: '5'.repeat(88),
  wallet: 'Buyer1111111111111111111111111111111111111',
  path: 'series/salt-road',
  name: 'Salt Road',
  price: { currency: 'SOL', units: 50_000_000 },
  kind: 'buy',
  slot: 1,
  blockTime: 1,
  verifiedAt: '2026-11-20T09:41:07.123Z',
  reference: 'r',
  cluster: 'c',
  ...extra,
});

describe('the sales export', () => {
  it('writes one quoted CRLF line per sale, times a spreadsheet reads, amounts as plain decimals, the kind of sale named', () => {
    expect(saleLine(sale())).toBe(
      `"2026-11-20 09:41:07","Salt Road","series/salt-road","pass","Site","0.05","SOL","Buyer1111111111111111111111111111111111111","${'5'.repeat(88)}",""\r\n`,
    );
    expect(saleLine(sale({ path: 'movies/a', kind: 'rent', hours: 48, price: { currency: 'USDC', units: 2_500_000 } }))).toContain(
      '"movies/a","rental","Site","2.5","USDC"',
    );
    expect(saleLine(sale({ channel: 'blink' }))).toContain('"pass","Blink","0.05"');
    // The studio code its price was fixed with, last.
    expect(saleLine(sale({ code: 'HALFOFF' }))).toMatch(/,"HALFOFF"\r\n$/);
    // A gift counts as a sale, marked in its kind.
    expect(saleLine(sale({ gift: true }))).toContain('"pass (gift)","Site","0.05"');
    expect(csvLine(CSV_HEADER)).toBe('"Time (UTC)","Title","Path","Sale","Channel","Amount","Currency","Paying wallet","Signature","Code"\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('keeps a title a spreadsheet would run as a formula as text, and doubles quotes', () => {
    for (const name of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tTab']) {
      expect(saleLine(sale({ name }))).toContain(`"'${name.replaceAll('"', '""')}"`);
    }
    expect(saleLine(sale({ name: 'The "Best" Film, Part 1' }))).toContain('"The ""Best"" Film, Part 1"');
  });

  it('prints amounts exactly, with no grouping or float error', () => {
    expect(decimalAmount({ currency: 'SOL', units: 1 })).toBe('0.000000001');
    expect(decimalAmount({ currency: 'SOL', units: 1_234_500_000_000 })).toBe('1234.5');
    expect(decimalAmount({ currency: 'USDC', units: 3_000_000 })).toBe('3');
    expect(decimalAmount({ currency: 'SOL', units: 300_000_001 })).toBe('0.300000001');
  });
});

describe('the studio range', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it('is the last 30 days unless asked, ends today at the latest, and refuses what it cannot read with a reason', () => {
    expect(rangeOf(null, null, now)).toEqual({ ok: true, range: { from: '2026-10-30', to: '2026-11-28' } });
    expect(rangeOf('2026-11-01', '2027-01-01', now)).toEqual({ ok: true, range: { from: '2026-11-01', to: '2026-11-28' } });
    expect(rangeOf('2026-11-05', null, now)).toEqual({ ok: true, range: { from: '2026-11-05', to: '2026-11-28' } });
    expect(rangeOf('2026-02-30', '2026-03-01', now)).toMatchObject({ ok: false, reason: expect.stringContaining('YYYY-MM-DD') });
    expect(rangeOf('2026-11-10', '2026-11-01', now)).toMatchObject({ ok: false, reason: 'The range starts after it ends.' });
    expect(rangeOf('2024-01-01', '2026-11-01', now)).toMatchObject({ ok: false, reason: expect.stringContaining('366 days') });
    expect(rangeOf('2027-01-01', '2027-01-02', now)).toMatchObject({ ok: false, reason: 'The range starts after today.' });
  });

  it('pages sales from a cursor it wrote, and ignores any other', () => {
    const cursor = { verifiedAt: '2026-11-20T09:41:07.123Z', signature: '5'.repeat(88) };
    expect(salesCursorOf(formatSalesCursor(cursor))).toEqual(cursor);
    for (const junk of ['', 'x', '2026-11-20~abc', `2026-11-20T09:41:07Z~${'0'.repeat(88)}`, `${cursor.verifiedAt}~${'5'.repeat(88)}~x`])
      expect(salesCursorOf(junk)).toBeNull();
  });
});
