import 'server-only';
import type { Metadata } from 'next';
import { absolute } from './urls';

export type OgKind = 'Trailer' | 'Documentary' | 'Series' | 'Season' | 'Short film' | 'Solenema';

interface TitlePage {
  title: string;
  description: string;
  path: string;
  coverimg: string | null;
  kind: OgKind;
  ogType?: 'video.movie' | 'video.tv_show' | 'video.episode' | 'website';
}

/** A generated card (app/og) stands in for a title without a cover of its own. */
export const generatedOgImage = (title: string, kind: OgKind) =>
  absolute(`/og?${new URLSearchParams({ title, kind }).toString()}`);

/** Title, description, canonical URL, Open Graph and Twitter card of one page. */
export function pageMetadata({ title, description, path, coverimg, kind, ogType = 'website' }: TitlePage): Metadata {
  const summary = description || `Watch ${title} on Solenema: trailers, documentaries, series and short films.`;
  const image = coverimg
    ? { url: absolute(coverimg), width: 960, height: 540, alt: title }
    : { url: generatedOgImage(title, kind), width: 1200, height: 630, alt: title };
  return {
    title,
    description: summary,
    alternates: { canonical: path },
    openGraph: { title, description: summary, url: path, type: ogType, siteName: 'Solenema', images: [image] },
    twitter: { card: 'summary_large_image', title, description: summary, images: [image.url] },
  };
}
