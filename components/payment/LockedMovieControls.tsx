import type { Episode, MovieItem } from '@/lib/catalog/types';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { PreviewButton } from '../player/PreviewButton';
import { LockedMovieActions } from './LockedActions';

type LockedMovie = Extract<MovieItem | Episode, { locked: true }>;

/** A locked movie's or episode's controls, on its card and its page alike: the pay button (Free once owned) and its free preview, where it has one. */
export function LockedMovieControls({ movie, offers }: { movie: LockedMovie; offers: ShownOffer[] }) {
  return (
    <>
      <LockedMovieActions
        purchasePath={movie.purchasePath}
        stream={movie.stream}
        videoPath={movie.path}
        title={movie.title}
        cover={movie.coverimg}
        offers={offers}
      />
      {movie.preview && <PreviewButton videoPath={movie.path} purchasePath={movie.purchasePath} title={movie.title} offers={offers} />}
    </>
  );
}
