import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { LockedMovieActions } from '@/components/payment/LockedActions';
import { FreePlayButton } from '@/components/player/FreePlayButton';
import { JsonLd } from '@/components/seo/JsonLd';
import { getMovie } from '@/lib/catalog';
import { isMovieKind, isKind, type MovieKind } from '@/lib/catalog/kinds';
import { prerenderedMovieIds } from '@/lib/catalog/prerender';
import { routes } from '@/lib/routes';
import { movieJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

export const dynamicParams = true;

type Props = { params: Promise<{ collection: string; id: string }> };

const isMovieCollection = (value: string): value is MovieKind => isKind(value) && isMovieKind(value);

async function movieFor(params: Props['params']) {
  const { collection, id } = await params;
  return isMovieCollection(collection) ? getMovie(collection, id) : null;
}

export async function generateStaticParams() {
  const collections: MovieKind[] = ['trailers', 'documentaries'];
  return (await Promise.all(collections.map(async (collection) => (await prerenderedMovieIds(collection)).map((id) => ({ collection, id }))))).flat();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const movie = await movieFor(params);
  if (!movie) return notFoundMetadata;
  return pageMetadata({ ...movie, path: routes.watch(movie.collection, movie.id), ogPath: movie.path, ogType: 'video.movie' });
}

/** A trailer's or documentary's own page, so crawlers can index it; the player is one click away. */
export default async function WatchPage({ params }: Props) {
  const movie = await movieFor(params);
  if (!movie) return <NotFoundPage />;
  return (
    <>
      <JsonLd data={movieJsonLd(movie)} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow={movie.collection === 'trailers' ? 'Trailer' : 'Documentary'}
        title={movie.title}
        description={movie.description}
        coverimg={movie.coverimg}
        meta={movie.type}
        locked={movie.locked}
        actions={
          movie.locked ? (
            <LockedMovieActions purchasePath={movie.purchasePath} videoPath={movie.path} title={movie.title} cover={movie.coverimg} />
          ) : (
            <FreePlayButton
              src={movie.videourl}
              title={movie.title}
              watch={{ path: movie.path, title: movie.title, cover: movie.coverimg }}
              subtitles={movie.subtitles}
            />
          )
        }
      />
    </>
  );
}
