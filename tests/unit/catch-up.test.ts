import { describe, expect, it } from 'vitest';
import { catchUp, catchUpByKey, type CatchUpState } from '@/lib/catch-up';

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

describe('catchUpByKey', () => {
  it('costs a burst of calls with one key two runs at most, each answered by a run that started after it', async () => {
    const starts: string[] = [];
    const finishers: (() => void)[] = [];
    const read = catchUpByKey(
      (key: string) =>
        new Promise<string>((resolve) => {
          starts.push(key);
          const n = starts.length;
          finishers.push(() => resolve(`${key} read ${n}`));
        }),
      ([key]) => key,
    );
    const first = read('home');
    const burst = Array.from({ length: 20 }, () => read('home'));
    const other = read('search');
    expect(starts).toEqual(['home', 'search']);
    finishers[0]!();
    expect(await first).toBe('home read 1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(starts).toEqual(['home', 'search', 'home']);
    finishers[2]!();
    expect(new Set(await Promise.all(burst))).toEqual(new Set(['home read 3']));
    finishers[1]!();
    expect(await other).toBe('search read 2');
    // Idle again: the next call reads afresh.
    const later = read('home');
    expect(starts).toHaveLength(4);
    finishers[3]!();
    expect(await later).toBe('home read 4');
  });

  it('a failed run fails only the calls it answers', async () => {
    let runs = 0;
    const read = catchUpByKey(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('Firestore down');
        return runs;
      },
      () => 'key',
    );
    await expect(read()).rejects.toThrow('Firestore down');
    expect(await read()).toBe(2);
  });
});
