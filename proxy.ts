import { NextResponse, type NextRequest } from 'next/server';

/**
 * Next.js answers 500 to a dynamic route whose path segment cannot be percent-decoded
 * (`/series/%`, `/series/%E0%A4%A`, `/watch/trailers/%`): its route matcher calls
 * decodeURIComponent, which throws, and in production the error escapes as a 500
 * (vercel/next.js#92527; fix proposed in vercel/next.js#92557). Such a URL cannot name any
 * title, so until Next handles it, this proxy answers it here, before routing, with the
 * site's own 404 page (or a JSON 404 under /api). Remove once the upstream fix ships.
 *
 * Only the dynamic routes run through here (see `config.matcher`): static assets, `_next`
 * and the other pages never pay for it.
 */
export function proxy(request: NextRequest) {
  if (decodable(request.nextUrl.pathname)) return NextResponse.next();
  if (request.nextUrl.pathname.startsWith('/api/')) {
    return NextResponse.json(
      { error: 'The URL has a path segment that is not valid percent-encoding.' },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  // A path no route matches renders app/not-found.tsx; status keeps it a real 404.
  return NextResponse.rewrite(new URL('/_malformed-url', request.url), { status: 404 });
}

/** Whether every segment of a raw (still percent-encoded) path decodes. */
export function decodable(pathname: string): boolean {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: ['/series/:path*', '/short-films/:path*', '/watch/:path*', '/api/media/:path*'],
};
