/**
 * Whether a request comes from this site's own pages. A page on another site can make a browser
 * send a form (text/plain, no preflight) to our routes; browsers name the sending page in `Origin`
 * and, where they support Fetch Metadata, in `Sec-Fetch-Site`, and no page can forge either.
 * null: same origin; else why not, for a 403.
 */
export function crossSiteReason(request: Request, siteUrl?: string): string | null {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    return sameHost(origin, request) || origin === originOf(siteUrl)
      ? null
      : `Cross-site request refused: it came from ${origin.slice(0, 100)}, not this site.`;
  }
  if (request.headers.get('sec-fetch-site') === 'same-origin') return null;
  return 'Cross-site request refused: this route only answers requests from this site’s pages (Origin or Sec-Fetch-Site: same-origin).';
}

/** The host the browser addressed: behind a proxy (Vercel included) it forwards the original one. */
function requestHost(request: Request) {
  return request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host;
}

function sameHost(origin: string, request: Request) {
  try {
    return new URL(origin).host === requestHost(request);
  } catch {
    return false;
  }
}

function originOf(url: string | undefined) {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}
