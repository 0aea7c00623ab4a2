import { cspDirectives, type SecurityEnv } from '../http/security-headers';
import { playerKind, playerSrc, policyNeeds } from '../video-providers';
import { VIDEOURL_FORMS, freePlayUrl, videoSource } from './source';

/** Whether one CSP source expression lets the browser load `needed` (a source as the policy spells it, or an origin). */
function allows(source: string, needed: string, site: string): boolean {
  if (source === needed) return true;
  if (source === "'self'") return needed === site;
  const wildcard = /^(https?:)\/\/\*\.(.+)$/.exec(source);
  if (!wildcard || !URL.canParse(needed)) return false;
  const url = new URL(needed);
  return url.protocol === wildcard[1] && url.host.endsWith(`.${wildcard[2]}`);
}

const KIND_NAMES = { hls: 'an HLS stream', dash: 'a DASH stream', file: 'a video file' } as const;

/**
 * For an operator check of the catalog: null when the site's Content-Security-Policy (as built with `env`)
 * lets the player load this videourl, otherwise why not and the setting that would allow it.
 * `private:` and `gs://` videos are served by the site itself or redirected to Cloud Storage, which the
 * policy always allows; providers (YouTube, Vimeo, Wistia, Mux) are always allowed; any other host needs
 * MEDIA_HOSTS, which the policy reads when the site is built.
 */
export function videoPolicyProblem(videourl: string, env: SecurityEnv): string | null {
  const source = videoSource(videourl);
  if (!source) return `${videourl} is not a video address the site can serve (${VIDEOURL_FORMS})`;
  // A stream's playlists and segments are fetched from its base by the browser (its key always from the site).
  const played = freePlayUrl(source);
  if (!played || played.startsWith('/')) return null;
  const url = playerSrc(played);
  const directives = cspDirectives(env);
  const site = new URL(env.NEXT_PUBLIC_SITE_URL).origin;
  const missing = Object.entries(policyNeeds(url)).flatMap(([directive, needed]) =>
    needed.filter((one) => !(directives[directive] ?? []).some((allowed) => allows(allowed, one, site))).map((one) => ({ directive, one })),
  );
  if (missing.length === 0) return null;
  const kind = playerKind(url);
  if (kind === 'hls' || kind === 'dash' || kind === 'file') {
    const host = missing[0]!.one;
    const directiveList = [...new Set(missing.map(({ directive }) => directive))].join(' and ');
    return `${host} (${KIND_NAMES[kind]}) is not in the Content-Security-Policy's ${directiveList}: set MEDIA_HOSTS=${[...env.MEDIA_HOSTS, host].join(',')} before next build`;
  }
  return `the Content-Security-Policy lacks ${missing.map(({ directive, one }) => `${directive} ${one}`).join(', ')} for this ${kind} video: lib/video-providers.ts should list them`;
}
