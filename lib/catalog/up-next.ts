import 'server-only';
import { getFirstEpisodeAfter } from './index';
import type { Episode, SeasonDetail } from './types';

/** What plays after a page of a season: nothing to look up while the season has more pages; else the next season's first episode. */
export async function upNextAfter(season: SeasonDetail): Promise<Episode | null> {
  return season.episodes.next ? null : getFirstEpisodeAfter(season.series.id, season.seasonNumber);
}
