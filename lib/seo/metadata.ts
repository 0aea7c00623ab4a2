import 'server-only';
import type { Metadata } from 'next';
import { absolute } from './urls';
import { ogCardRoute } from '../routes';

interface TitlePage {
  title: string;
  description: string;
  path: string;
  coverimg: string | null;
  /** The title's catalog path (`series/abc`): its generated card names it. Pages that are not titles get the site's card. */
  ogPath?: string;
  ogType?: 'video.movie' | 'video.tv_show' | 'video.episode' | 'website';
}

/**
 * A generated card (app/og) stands in for a page without a cover of its own. It is addressed by
 * the title's catalog path, never by free text: app/og reads the name from the catalog.
 */
const generatedOgImage = (ogPath?: string) => absolute(ogCardRoute(ogPath));

/** An address with nothing behind it (Next adds noindex to every 404). */
export const notFoundMetadata: Metadata = { title: 'Page not found' };

/** Title, description, canonical URL, Open Graph and Twitter card of one page. */
export function pageMetadata({ title, description, path, coverimg, ogPath, ogType = 'website' }: TitlePage): Metadata {
  const summary = description || `Watch ${title} on Solenema: trailers, documentaries, series and short films.`;
  const image = coverimg
    ? { url: absolute(coverimg), width: 960, height: 540, alt: title }
    : { url: generatedOgImage(ogPath), width: 1200, height: 630, alt: title };
  return {
    title,
    description: summary,
    alternates: { canonical: path },
    openGraph: { title, description: summary, url: path, type: ogType, siteName: 'Solenema', images: [image] },
    twitter: { card: 'summary_large_image', title, description: summary, images: [image.url] },
  };
}
