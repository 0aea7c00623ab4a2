import { describe, expect, it, vi } from 'vitest';

describe('processState (the one registry a process shares across its bundles)', () => {
  it('gives every copy of the module the same state, made once', async () => {
    const create = vi.fn(() => ({ runs: 0 }));
    const first = (await import('@/lib/process-state')).processState('test owner', create);
    // A second bundle's copy of the module, as instrumentation and a route each have.
    vi.resetModules();
    const second = (await import('@/lib/process-state')).processState('test owner', create);
    expect(second).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('keeps owners apart', async () => {
    const { processState } = await import('@/lib/process-state');
    expect(processState('one owner', () => ({ name: 'one' }))).not.toBe(processState('another owner', () => ({ name: 'one' })));
  });
});
