import { KIND_LIST, KINDS } from '../../lib/catalog/kinds';

/**
 * Every shape of catalog document, as Firestore trigger patterns: a title (`series/{title}`) and each level beneath
 * it that the kind has (`series/{title}/seasons/{season}`, …). A trigger matches one depth, so one pattern a level;
 * the site's own collections (the ledger, search entries) fire nothing.
 */
export const CATALOG_DOCUMENT_PATTERNS: readonly string[] = KIND_LIST.flatMap((kind) => {
  const patterns = [`${kind}/{title}`];
  for (const [depth, level] of KINDS[kind].beneath.entries()) patterns.push(`${patterns.at(-1)}/${level}/{${level}${depth}}`);
  return patterns;
});

/** The site's answer that tells the trigger not to try again: the site is not set up for events, or refused the path. */
const FINAL = new Set([400, 401, 404, 405, 413, 415]);

/**
 * Tells the site that `documentPath` was written (created, edited or deleted): POST /api/catalog/changes with the
 * shared secret. Throws when the site could not take it (unreachable, 5xx, 429), so the trigger, deployed with
 * `retry: true`, delivers the event again. Returns null once taken, or why the site refused it for good (the caller logs it).
 */
export async function forwardChange(site: string, secret: string, documentPath: string, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const response = await fetchImpl(new URL('/api/catalog/changes', site), {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ documents: [documentPath] }),
    signal: AbortSignal.timeout(50_000),
  });
  if (response.ok) return null;
  const reason = `${response.status} from ${site}: ${(await response.text()).slice(0, 300)}`;
  if (FINAL.has(response.status)) return reason;
  throw new Error(reason);
}
