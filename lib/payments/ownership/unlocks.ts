/**
 * A purchase of `owned` unlocks that document and everything beneath it (`series/x` opens its
 * seasons and episodes). Pure, so the server's checks and the page's unlocking share one rule.
 * Kept apart from the catalog's kinds: every first visit's purchases code imports it.
 */
export function unlocks(owned: readonly string[], path: string): boolean {
  return owned.some((p) => path === p || path.startsWith(`${p}/`));
}
