import type { StudioRange } from '@/lib/studio/range';

/** The studio's own addresses: not in lib/routes (in every page's browser code), since only the studio links here. */
export const STUDIO_PATH = '/studio';

/** The studio over a range, narrowed to one title and paged through sales when asked. */
export function studioHref(range: StudioRange, extra: { title?: string; after?: string } = {}) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (extra.title) query.set('title', extra.title);
  if (extra.after) query.set('after', extra.after);
  return `${STUDIO_PATH}?${query}`;
}

export const salesExportHref = (range: StudioRange) => `/api/studio/sales?${new URLSearchParams({ from: range.from, to: range.to })}`;
