import { describe, expect, it } from 'vitest';
import { withDeadline } from '@/lib/deadline';

describe('withDeadline', () => {
  it('passes on what finishes in time, value or error', async () => {
    await expect(withDeadline(Promise.resolve(7), 50, 'quick')).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('no')), 50, 'quick')).rejects.toThrow('no');
  });

  it('rejects, naming the work, once the deadline passes', async () => {
    const never = new Promise<never>(() => {});
    await expect(withDeadline(never, 20, 'ledger create purchases/x')).rejects.toThrow('ledger create purchases/x took longer than 20 ms');
  });
});
