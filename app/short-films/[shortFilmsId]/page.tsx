import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { countOf } from '@/components/sections/gridCards';
import { MovieRow } from '@/components/sections/MovieRow';
import { EpisodeQueue } from '@/components/player/EpisodeQueue';
import { queued } from '@/lib/watching/queue';
import { LockedDetailActions } from '@/components/payment/LockedActions';
import { JsonLd } from '@/components/seo/JsonLd';
import { getShortFilm, listShortFilms } from '@/lib/catalog';
import { routes } from '@/lib/routes';
import { shortFilmJsonLd } from '@/lib/seo/jsonld';
import { pageMetadata } from '@/lib/seo/metadata';

export const dynamicParams = true;

type Props = { params: Promise<{ shortFilmsId: string }> };

export async function generateStaticParams() {
  return (await listShortFilms()).map((film) => ({ shortFilmsId: film.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const film = await getShortFilm((await params).shortFilmsId);
  return film ? pageMetadata({ ...film, path: routes.shortFilm(film.id), ogPath: film.path, ogType: 'video.movie' }) : {};
}

export default async function ShortFilmPage({ params }: Props) {
  const film = await getShortFilm((await params).shortFilmsId);
  if (!film) notFound();
  return (
    <>
      <JsonLd data={shortFilmJsonLd(film)} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow="Short film"
        title={film.title}
        description={film.description}
        coverimg={film.coverimg}
        meta={countOf(film.episodes.length, 'episode')}
        locked={film.locked}
        actions={film.locked && <LockedDetailActions purchasePath={film.path} title={film.title} />}
      />
      <EpisodeQueue queue={film.episodes.map(queued)}>
        <MovieRow id="episodes" title="Episodes" items={film.episodes} loop={false} emptyText="No episodes available yet." />
      </EpisodeQueue>
    </>
  );
}
