import type { Episode, Subtitle } from '../catalog/types';
import type { ShownOffer } from '../payments/checkout/offer-words';
import type { WatchInfo } from './progress';

/**
 * An episode as the player's "Up next" needs it: a free one carries its public URL; a locked one the
 * path that unlocks it and the ways to pay for it (this browser may own it: the player asks its PlaybackLinksContext).
 */
export interface QueuedEpisode extends WatchInfo {
  src?: string;
  purchasePath?: string;
  offers?: ShownOffer[];
  subtitles?: Subtitle[];
}

export const queued = (episode: Episode, offers: ShownOffer[]): QueuedEpisode => ({
  path: episode.path,
  title: episode.title,
  cover: episode.coverimg,
  ...(episode.locked ? { purchasePath: episode.purchasePath, offers } : { src: episode.videourl, subtitles: episode.subtitles }),
});

/** The episode after `path` in watching order, if any. */
export function nextInQueue(queue: readonly QueuedEpisode[] | undefined, path: string | undefined): QueuedEpisode | undefined {
  if (!queue || !path) return undefined;
  const index = queue.findIndex((episode) => episode.path === path);
  return index === -1 ? undefined : queue[index + 1];
}
