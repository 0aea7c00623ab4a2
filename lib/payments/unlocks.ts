import { KINDS, parseTitlePath } from '../catalog/kinds';

/**
 * A purchase of `owned` unlocks that document and everything beneath it (`series/x` opens its
 * seasons and episodes). Pure, so the server's checks and the page's unlocking share one rule.
 */
export function unlocks(owned: readonly string[], path: string): boolean {
  return owned.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Whether buying `purchasePath` unlocks a whole show's episodes (`series/abc`), not one title (a movie, an episode). */
export function buysWholeShow(purchasePath: string): boolean {
  const address = parseTitlePath(purchasePath);
  return address?.depth === 'title' && KINDS[address.kind].beneath.length > 0;
}
