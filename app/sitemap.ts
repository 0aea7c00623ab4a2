import type { MetadataRoute } from 'next';
import { isBuilding } from '@/lib/env/phase';
import { prerenderedSitemapIds, sitemapEntries, sitemapIds } from '@/lib/seo/sitemap';

/**
 * Split into files of at most 50,000 URLs (/sitemap/{id}.xml), each listed in robots.txt. Next asks this both for
 * the files to prerender and, at each request, for the ids that exist: the build renders only the site's own file.
 */
export async function generateSitemaps() {
  return (isBuilding() ? prerenderedSitemapIds() : await sitemapIds()).map((id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(await id);
}
