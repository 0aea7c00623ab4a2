import { describe, expect, it } from 'vitest';
import { catchUp, type CatchUpState } from '@/lib/catch-up';

/** A task whose runs finish when the test says, numbered in the order they started. */
function controlledTask() {
  const finishers: (() => void)[] = [];
  let started = 0;
  const task = () =>
    new Promise<number>((resolve) => {
      const n = ++started;
      finishers.push(() => resolve(n));
    });
  return { task, finish: (i: number) => finishers[i]!(), started: () => started };
}

describe('catchUp', () => {
  it('answers a call made during a run with the next run, shared by every call meanwhile', async () => {
    const state: CatchUpState<number> = {};
    const { task, finish, started } = controlledTask();
    const first = catchUp(state, task);
    const during = [catchUp(state, task), catchUp(state, task)];
    expect(started()).toBe(1);
    finish(0);
    expect(await first).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started()).toBe(2);
    finish(1);
    expect(await Promise.all(during)).toEqual([2, 2]);
    expect(state).toEqual({});
  });

  it('starts the next run after a failed one, and a later call starts afresh', async () => {
    const state: CatchUpState<string> = {};
    let calls = 0;
    const failing = catchUp(state, () => Promise.reject(new Error('down')));
    const after = catchUp(state, async () => `run ${++calls}`);
    await expect(failing).rejects.toThrow('down');
    expect(await after).toBe('run 1');
    expect(await catchUp(state, async () => `run ${++calls}`)).toBe('run 2');
  });
});
