import type { Episode, Page } from '@/lib/catalog';
import { queued } from '@/lib/watching/queue';
import { Pagination } from '../browse/Pagination';
import { EpisodeQueue } from '../player/EpisodeQueue';
import { MovieRow } from '../sections/MovieRow';

type Props = {
  episodes: Page<Episode>;
  /** After this page's last episode, when there is no next page: the next season's first. */
  following: Episode | null;
  emptyText: string;
  hrefOf: (after: string | null) => string;
};

/** One page of a season's or short film's episodes in a carousel, "Up next" across pages, and links to the other pages. */
export function EpisodesView({ episodes, following, emptyText, hrefOf }: Props) {
  const after = episodes.firstOfNext ?? following;
  const queue = [...episodes.items, ...(after ? [after] : [])].map(queued);
  return (
    <>
      <EpisodeQueue queue={queue}>
        <MovieRow id="episodes" title="Episodes" items={episodes.items} loop={false} emptyText={emptyText} />
      </EpisodeQueue>
      <Pagination noun="episodes" page={episodes} hrefOf={hrefOf} />
    </>
  );
}
