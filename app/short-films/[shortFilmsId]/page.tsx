import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { ShortFilmView } from '@/components/detail/ShortFilmView';
import { getShortFilm } from '@/lib/catalog';
import { prerenderedShortFilmIds } from '@/lib/catalog/prerender';
import { routes } from '@/lib/routes';
import { shortFilmJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

export const dynamicParams = true;

type Props = { params: Promise<{ shortFilmsId: string }> };

export async function generateStaticParams() {
  return (await prerenderedShortFilmIds()).map((shortFilmsId) => ({ shortFilmsId }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const film = await getShortFilm((await params).shortFilmsId);
  return film ? pageMetadata({ ...film, path: routes.shortFilm(film.id), ogPath: film.path, ogType: 'video.movie' }) : notFoundMetadata;
}

export default async function ShortFilmPage({ params }: Props) {
  const film = await getShortFilm((await params).shortFilmsId);
  if (!film) return <NotFoundPage />;
  return <ShortFilmView film={film} jsonLd={shortFilmJsonLd(film)} />;
}
