import type { MetadataRoute } from 'next';
import { sitemapEntries, sitemapIds } from '@/lib/seo/sitemap';

/** Split into files of at most 50,000 URLs (/sitemap/{id}.xml), each listed in robots.txt. */
export async function generateSitemaps() {
  return (await sitemapIds()).map((id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(await id);
}
