import { describe, expect, it } from 'vitest';
import { WATCH_FOR_MS, pollDelay } from '@/lib/payments/browser/transfer-watch';

describe('pollDelay: how often the QR dialog asks whether it was paid', () => {
  it('asks every 1.5 s for the first minute, when a phone scan usually lands', () => {
    expect([0, 10_000, 59_999].map((elapsed) => pollDelay(elapsed, 0))).toEqual([1_500, 1_500, 1_500]);
  });

  it('then backs off steadily to once every 5 s, never slower while watching', () => {
    const later = [60_000, 90_000, 120_000, 180_000, WATCH_FOR_MS].map((elapsed) => pollDelay(elapsed, 0));
    expect(later).toEqual([...later].sort((a, b) => a - b));
    expect(later[0]).toBe(1_500);
    expect(later.at(-1)).toBe(5_000);
  });

  it('backs off exponentially after failures, up to 15 s', () => {
    expect([1, 2, 3, 4, 5].map((failures) => pollDelay(0, failures))).toEqual([2_000, 4_000, 8_000, 15_000, 15_000]);
  });
});
