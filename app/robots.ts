import type { MetadataRoute } from 'next';
import { env } from '@/lib/env/server';
import { sitemapIds } from '@/lib/seo/sitemap';

export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: { userAgent: '*', allow: '/', disallow: '/api/' },
    sitemap: (await sitemapIds()).map((id) => `${env.NEXT_PUBLIC_SITE_URL}/sitemap/${id}.xml`),
    host: env.NEXT_PUBLIC_SITE_URL,
  };
}
