import { notReleasedReason } from '../../catalog/release';
import type { Video } from '../../catalog/types';
import { refuse, type Refusal } from '../../errors';

/**
 * A pre-order is credited when paid and plays from its release date, by this server's clock (never the browser's):
 * before it, the refusal with its own code, `not_released`, and when it plays; null once it is out.
 */
export function notReleased(video: Pick<Video, 'releaseDate'>, now = Date.now()): Refusal | null {
  const { releaseDate } = video;
  return releaseDate && Date.parse(releaseDate) > now ? refuse('not_released', notReleasedReason(releaseDate)) : null;
}
