import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ShortFilmView } from '@/components/detail/ShortFilmView';
import { getShortFilm } from '@/lib/catalog';
import { prerenderedShortFilmIds } from '@/lib/catalog/prerender';
import { routes } from '@/lib/routes';
import { shortFilmJsonLd } from '@/lib/seo/jsonld';
import { pageMetadata } from '@/lib/seo/metadata';

export const dynamicParams = true;

type Props = { params: Promise<{ shortFilmsId: string }> };

export async function generateStaticParams() {
  return (await prerenderedShortFilmIds()).map((shortFilmsId) => ({ shortFilmsId }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const film = await getShortFilm((await params).shortFilmsId);
  return film ? pageMetadata({ ...film, path: routes.shortFilm(film.id), ogPath: film.path, ogType: 'video.movie' }) : {};
}

export default async function ShortFilmPage({ params }: Props) {
  const film = await getShortFilm((await params).shortFilmsId);
  if (!film) notFound();
  return <ShortFilmView film={film} jsonLd={shortFilmJsonLd(film)} />;
}
