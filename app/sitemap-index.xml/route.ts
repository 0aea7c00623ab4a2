import { sitemapIndexXml } from '@/lib/seo/sitemap';

/**
 * The sitemap index, answered at /sitemap.xml (a rewrite in next.config.ts). Static like the sitemap files
 * (app/sitemap.ts): built once, then refreshed when the per-kind counts it reads are revalidated or expire.
 */
export const dynamic = 'force-static';

export async function GET() {
  return new Response(await sitemapIndexXml(), {
    headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
}
