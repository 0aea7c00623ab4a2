import { describe, expect, it } from 'vitest';
import { strayListOf } from '@/lib/payments/reporting/dust';

const CLUSTER = 'test-cluster';

/** A ledger whose smallest asked prices are given, counting the reads the floor costs. */
function ledgerAsking(floors: Partial<Record<'SOL' | 'USDC', number>>, fails = false) {
  const reads: string[] = [];
  return {
    reads,
    smallestAsked: async (cluster: string, currency: 'SOL' | 'USDC') => {
      reads.push(`${cluster} ${currency}`);
      if (fails) throw new Error('ledger down');
      return floors[currency] ?? null;
    },
  };
}

describe('a transfer naming no checkout is a stray, or dust below the smallest price asked', () => {
  it('sorts by the floor of its own currency, at the floor a stray', async () => {
    const listOf = strayListOf(ledgerAsking({ SOL: 5_000_000, USDC: 990_000 }), CLUSTER, 60_000, () => 0);
    expect(await listOf({ currency: 'SOL', units: 1 })).toBe('dust');
    expect(await listOf({ currency: 'SOL', units: 4_999_999 })).toBe('dust');
    expect(await listOf({ currency: 'SOL', units: 5_000_000 })).toBe('stray');
    expect(await listOf({ currency: 'USDC', units: 1_000_000 })).toBe('stray');
    expect(await listOf({ currency: 'USDC', units: 10 })).toBe('dust');
  });

  it('calls nothing dust when no checkout is kept, or when the floor cannot be read', async () => {
    expect(await strayListOf(ledgerAsking({}), CLUSTER, 60_000, () => 0)({ currency: 'SOL', units: 1 })).toBe('stray');
    expect(await strayListOf(ledgerAsking({ SOL: 10 }, true), CLUSTER, 60_000, () => 0)({ currency: 'SOL', units: 1 })).toBe('stray');
  });

  it('reads the floor once per currency an interval, however many transfers a flood of dust brings', async () => {
    let now = 0;
    const ledger = ledgerAsking({ SOL: 5_000_000 });
    const listOf = strayListOf(ledger, CLUSTER, 60_000, () => now);
    await Promise.all(Array.from({ length: 1_000 }, () => listOf({ currency: 'SOL', units: 1 })));
    expect(ledger.reads).toEqual([`${CLUSTER} SOL`]);
    now = 60_000;
    await listOf({ currency: 'SOL', units: 1 });
    expect(ledger.reads).toHaveLength(2);
  });
});
