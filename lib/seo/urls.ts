import { env } from '../env/server';
import { isPlayerPage } from '../video-providers';

/** An absolute URL on this site (crawlers, Open Graph and JSON-LD want absolute ones). */
export const absolute = (pathOrUrl: string) => new URL(pathOrUrl, env.NEXT_PUBLIC_SITE_URL).toString();

/** JSON-LD distinguishes a player page (embedUrl) from a media file (contentUrl). */
export const videoUrlProperty = (url: string) => (isPlayerPage(url) ? { embedUrl: url } : { contentUrl: absolute(url) });
