import { env } from '../env/server';

/** An absolute URL on this site (crawlers, Open Graph and JSON-LD want absolute ones). */
export const absolute = (pathOrUrl: string) => new URL(pathOrUrl, env.NEXT_PUBLIC_SITE_URL).toString();

const EMBEDS = [/(?:youtube\.com|youtu\.be)\//, /vimeo\.com\//, /wistia\.(?:com|net)\//];

/** JSON-LD distinguishes a player page (embedUrl) from a media file (contentUrl). */
export const videoUrlProperty = (url: string) => (EMBEDS.some((pattern) => pattern.test(url)) ? { embedUrl: url } : { contentUrl: absolute(url) });
