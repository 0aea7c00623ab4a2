/** A task's runs, one at a time: `current` is running, `next` is the one that starts after it. */
export type CatchUpState<T> = { current?: Promise<T>; next?: Promise<T> };

/**
 * Runs `task` one at a time, so that every call is answered by a run that started after the call.
 * A call while a run is under way gets the run after it, shared with every other call meanwhile:
 * work that came in during a run (an operator's edit during a sync) is never answered by that run.
 */
export function catchUp<T>(state: CatchUpState<T>, task: () => Promise<T>): Promise<T> {
  if (state.current) {
    state.next ??= state.current
      .catch(() => undefined)
      .then(() => {
        state.next = undefined;
        return catchUp(state, task);
      });
    return state.next;
  }
  const run = task().finally(() => {
    if (state.current === run) state.current = undefined;
  });
  state.current = run;
  return run;
}

/**
 * `task` caught up for each key apart (see catchUp): a burst of calls with one key costs at most two runs, and each
 * call is still answered by a run that started after it. A key's state is dropped once nothing runs for it.
 */
export function catchUpByKey<Args extends unknown[], T>(task: (...args: Args) => Promise<T>, keyOf: (args: Args) => string): (...args: Args) => Promise<T> {
  const states = new Map<string, CatchUpState<T>>();
  return (...args: Args) => {
    const key = keyOf(args);
    const state = states.get(key) ?? {};
    states.set(key, state);
    const run = catchUp(state, () => task(...args));
    void run
      .catch(() => undefined)
      .finally(() => {
        if (!state.current && !state.next && states.get(key) === state) states.delete(key);
      });
    return run;
  };
}
