import { NextResponse, type NextRequest } from 'next/server';
import { refusalResponse } from './lib/api/responses';
import { refuse } from './lib/errors';
import { isDocumentId, isMovieKind, kindAtSegment } from './lib/catalog/kinds';

/**
 * Answers, before routing, the title URLs that cannot name any title, with the site's own 404
 * page (a JSON 404 under /api). Two reasons, one place:
 *
 * 1. Next.js answers 500 to a dynamic route whose path segment cannot be percent-decoded
 *    (`/series/%`, `/series/%E0%A4%A`, `/watch/trailers/%`): its route matcher calls
 *    decodeURIComponent, which throws, and in production the error escapes as a 500
 *    (vercel/next.js#92527; fix proposed in vercel/next.js#92557). Remove that part once the
 *    upstream fix ships.
 * 2. An id that is not a catalog id at all (`%00`, `..%2f`, unicode, 10 KB: see isDocumentId)
 *    is sent here to the not-found page, rendered on the server at once and without reading the
 *    catalog. (A well-formed id the catalog lacks is the page's own 404: NotFoundPage.)
 *
 * Only a URL this could answer runs through here (see `config.matcher`): static assets, `_next`,
 * the other pages and every well-formed title URL never pay for it.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!decodable(pathname)) {
    if (pathname.startsWith('/api/')) {
      return refusalResponse(refuse('not_found', 'The URL has a path segment that is not valid percent-encoding.'));
    }
    return notFoundPage(request);
  }
  if (!namesPossibleTitle(pathname)) return notFoundPage(request);
  return NextResponse.next();
}

/** A path no route matches renders app/not-found.tsx; the status keeps it a real 404. */
const notFoundPage = (request: NextRequest) => NextResponse.rewrite(new URL('/_not-a-title', request.url), { status: 404 });

/** Whether every segment of a raw (still percent-encoded) path decodes. */
export function decodable(pathname: string): boolean {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const isId = (segment: string) => isDocumentId(decodeURIComponent(segment));
const isMovieSegment = (segment: string) => {
  const kind = kindAtSegment(segment);
  return kind !== null && isMovieKind(kind);
};

/** The title pages, by their segments after the first; `true` for any other path (its route decides). */
const titlePages: [RegExp, (segments: string[]) => boolean][] = [
  [/^\/series\/[^/]+$/, ([id]) => isId(id!)],
  [/^\/series\/[^/]+\/season\/[^/]+$/, ([seriesId, , seasonId]) => isId(seriesId!) && isId(seasonId!)],
  [/^\/short-films\/[^/]+$/, ([id]) => isId(id!)],
  [/^\/watch\/[^/]+\/[^/]+$/, ([collection, id]) => isMovieSegment(collection!) && isId(id!)],
];

/** Whether a decodable path could be a title page that exists: false for `/series/%00`, `/watch/movies/x`, … */
export function namesPossibleTitle(pathname: string): boolean {
  const page = titlePages.find(([pattern]) => pattern.test(pathname));
  return page ? page[1](pathname.split('/').slice(2)) : true;
}

/**
 * Running a proxy costs every request it matches more than the checks above: on `next start` a prerendered
 * series page served 0.34× the requests a static copy of its HTML did through the proxy, 0.44× without it
 * (docs/testing.md). So the matcher leaves out page URLs the proxy would let through anyway: under /series
 * and /short-films a path whose segments are all ids (isDocumentId: 1 to 128 of [A-Za-z0-9_-], not `__…__`),
 * under /watch a movie page (`/watch/trailers|documentaries/<id>`). Anything else, and so any `%` (Next tries
 * the raw path and the decoded one), still runs the proxy; so does all of /api/media (a file name has a dot).
 * Next reads the matcher without running this file, so it is spelled out; tests/unit/proxy.test.ts checks it
 * against proxy() on generated paths.
 */
export const config = {
  matcher: [
    '/series/((?!(?:(?!__[A-Za-z0-9_-]*__(?:/|$))[A-Za-z0-9_-]{1,128}(?:/|$))*$).*)',
    '/short-films/((?!(?:(?!__[A-Za-z0-9_-]*__(?:/|$))[A-Za-z0-9_-]{1,128}(?:/|$))*$).*)',
    '/watch/((?!(?:trailers|documentaries)/(?!__[A-Za-z0-9_-]*__(?:/|$))[A-Za-z0-9_-]{1,128}$).*)',
    '/api/media/(.*)',
  ],
};
