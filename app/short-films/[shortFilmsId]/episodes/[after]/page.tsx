import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { ShortFilmView } from '@/components/detail/ShortFilmView';
import { getShortFilm } from '@/lib/catalog';
import { listRoutes } from '@/lib/routes';
import { shortFilmJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

// The further episodes of a long short film: rendered on first visit, then cached.
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ shortFilmsId: string; after: string }> };

async function load(params: Props['params']) {
  const { shortFilmsId, after } = await params;
  const film = await getShortFilm(shortFilmsId, after);
  return film && film.episodes.items.length > 0 ? { film, path: listRoutes.shortFilmEpisodes(film.id, after) } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  return found
    ? pageMetadata({ ...found.film, title: `${found.film.title} · episodes`, path: found.path, ogPath: found.film.path, ogType: 'video.movie' })
    : notFoundMetadata;
}

export default async function ShortFilmEpisodesPage({ params }: Props) {
  const found = await load(params);
  if (!found) return <NotFoundPage />;
  return <ShortFilmView film={found.film} jsonLd={shortFilmJsonLd(found.film)} />;
}
