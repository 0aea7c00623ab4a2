import { describe, expect, it } from 'vitest';
import { countAggregation, countReads, readsInFlight, readsSoFar, whileReading } from '@/lib/firestore-reads';

describe('the site’s Firestore read counter', () => {
  it('counts as Firestore bills: each document, an empty answer one, a count() one per 1,000 entries', () => {
    const before = readsSoFar();
    countReads(3);
    countReads(0);
    countAggregation(2_500);
    expect(readsSoFar() - before).toBe(3 + 1 + 3);
  });

  it('knows a read in flight until it answers or fails', async () => {
    let answer!: () => void;
    const read = whileReading(new Promise<void>((resolve) => (answer = resolve)));
    expect(readsInFlight()).toBe(1);
    answer();
    await read;
    expect(readsInFlight()).toBe(0);
    await expect(whileReading(Promise.reject(new Error('deadline')))).rejects.toThrow('deadline');
    expect(readsInFlight()).toBe(0);
  });
});
