import type { MetadataRoute } from 'next';
import { env } from '@/lib/env/server';
import { API_BASE } from '@/lib/routes';
import { sitemapFileUrl, sitemapIds } from '@/lib/seo/sitemap';

export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: { userAgent: '*', allow: '/', disallow: API_BASE },
    sitemap: (await sitemapIds()).map(sitemapFileUrl),
    host: env.NEXT_PUBLIC_SITE_URL,
  };
}
