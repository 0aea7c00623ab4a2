import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { countOf } from '@/components/sections/gridCards';
import { MovieRow } from '@/components/sections/MovieRow';
import { getShortFilm, listShortFilms } from '@/lib/catalog';

export const revalidate = 300;
export const dynamicParams = true;

type Props = { params: Promise<{ shortFilmsId: string }> };

export async function generateStaticParams() {
  return (await listShortFilms()).map((film) => ({ shortFilmsId: film.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const film = await getShortFilm((await params).shortFilmsId);
  return film ? { title: film.title, description: film.description || undefined } : {};
}

export default async function ShortFilmPage({ params }: Props) {
  const film = await getShortFilm((await params).shortFilmsId);
  if (!film) notFound();
  return (
    <>
      <DetailHeader
        back={{ href: '/', label: 'Back to Home' }}
        eyebrow="Short film"
        title={film.title}
        description={film.description}
        coverimg={film.coverimg}
        meta={countOf(film.episodes.length, 'episode')}
        purchasePath={film.locked ? film.path : undefined}
      />
      <MovieRow id="episodes" title="Episodes" items={film.episodes} loop={false} emptyText="No episodes available yet." />
    </>
  );
}
