/**
 * A purchase of `owned` unlocks that document and everything beneath it (`series/x` opens its
 * seasons and episodes). Pure, so the server's checks and the page's unlocking share one rule.
 */
export function unlocks(owned: readonly string[], path: string): boolean {
  return owned.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The collections whose documents hold episodes beneath them: a series (by season) and a short film. */
const SHOWS = new Set(['series', 'shortFilms']);

/** Whether buying `purchasePath` unlocks a whole show's episodes (`series/abc`), not one title (a movie, an episode). */
export function buysWholeShow(purchasePath: string): boolean {
  const [collection = '', id, ...beneath] = purchasePath.split('/');
  return SHOWS.has(collection) && Boolean(id) && beneath.length === 0;
}
