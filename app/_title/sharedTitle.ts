import { getTitle } from '@/lib/catalog';
import { isDocumentId, parseTitlePath } from '@/lib/catalog/kinds';
import { pageOfDocument } from '@/lib/routes';
import { absolute } from '@/lib/seo/urls';

/**
 * The title page a share page's segments name (`series/a`, `series/a/seasons/b`, `trailers/c`: a title or a season,
 * the documents with a page of their own), with its canonical absolute URL and its title; null for anything else.
 */
export async function sharedTitle(segments: string[]) {
  if (!segments.every(isDocumentId)) return null;
  const path = segments.join('/');
  const address = parseTitlePath(path);
  if (address?.depth !== 'title' && address?.depth !== 'season') return null;
  const found = await getTitle(path);
  if (!found) return null;
  const page = pageOfDocument(path);
  return { page, url: absolute(page), title: found.title };
}
