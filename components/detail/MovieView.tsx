import type { ReactNode } from 'react';
import { KINDS } from '@/lib/catalog/kinds';
import type { MovieItem } from '@/lib/catalog/types';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { routes } from '@/lib/routes';
import { LockedMovieControls } from '../payment/LockedMovieControls';
import { OfferList } from '../payment/OfferList';
import { ReleaseNote } from './ReleaseNote';
import { FreePlayButton } from '../player/FreePlayButton';
import { PlayerPrefetch } from '../player/PlayerPrefetch';
import { JsonLd, type StructuredData } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';

/**
 * A trailer's or documentary's own page, so crawlers can index it; the player is one click away, or its prices and the
 * pay button; more of its kind beneath.
 */
export function MovieView({ movie, offers, jsonLd, related }: { movie: MovieItem; offers: ShownOffer[]; jsonLd: StructuredData; related?: ReactNode }) {
  return (
    <>
      <JsonLd data={jsonLd} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow={KINDS[movie.collection].singular}
        title={movie.title}
        description={movie.description}
        coverimg={movie.coverimg}
        meta={movie.type}
        locked={movie.locked}
        sharePath={movie.path}
        actions={
          movie.locked ? (
            <>
              <ReleaseNote title={movie} />
              <OfferList offers={offers} />
              <LockedMovieControls movie={movie} offers={offers} />
            </>
          ) : (
            <>
              <FreePlayButton
                src={movie.videourl}
                title={movie.title}
                watch={{ path: movie.path, title: movie.title, cover: movie.coverimg }}
                subtitles={movie.subtitles}
              />
              <PlayerPrefetch src={movie.videourl} />
            </>
          )
        }
      />
      {related}
    </>
  );
}
