import type { Episode, Page } from '@/lib/catalog';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { queued } from '@/lib/watching/queue';
import { Pagination } from '../browse/Pagination';
import { EpisodeQueue } from '../player/EpisodeQueue';
import { MovieRow } from '../sections/MovieRow';

type Props = {
  episodes: Page<Episode>;
  /** After this page's last episode, when there is no next page: the next season's first. */
  following: Episode | null;
  /** How a locked episode is sold (lib/payments/checkout/title-offers.ts, episodeOffers). */
  offersOf: (episode: Episode) => ShownOffer[];
  emptyText: string;
  hrefOf: (after: string | null) => string;
};

/** One page of a season's or short film's episodes in a carousel, "Up next" across pages, and links to the other pages. */
export function EpisodesView({ episodes, following, offersOf, emptyText, hrefOf }: Props) {
  const after = episodes.firstOfNext ?? following;
  const queue = [...episodes.items, ...(after ? [after] : [])].map((episode) => queued(episode, offersOf(episode)));
  return (
    <>
      <EpisodeQueue queue={queue}>
        <MovieRow id="episodes" title="Episodes" items={episodes.items} offersOf={offersOf} loop={false} emptyText={emptyText} />
      </EpisodeQueue>
      <Pagination noun="episodes" page={episodes} hrefOf={hrefOf} />
    </>
  );
}
