import { KINDS, parseTitlePath } from '../catalog/kinds';

/** Whether buying `purchasePath` unlocks a whole show's episodes (`series/abc`), not one title (a movie, an episode). */
export function buysWholeShow(purchasePath: string): boolean {
  const address = parseTitlePath(purchasePath);
  return address?.depth === 'title' && KINDS[address.kind].beneath.length > 0;
}
