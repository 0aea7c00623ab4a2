import type { Episode, SeasonDetail } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import { seasonJsonLd } from '@/lib/seo/jsonld';
import { LockedDetailActions } from '../payment/LockedActions';
import { countOf } from '../sections/gridCards';
import { JsonLd } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';
import { EpisodesView } from './EpisodesView';

/** A season page: its header and one page of its episodes. */
export function SeasonView({ season, following }: { season: SeasonDetail; following: Episode | null }) {
  const { series } = season;
  return (
    <>
      <JsonLd data={seasonJsonLd(season)} />
      <DetailHeader
        back={{ href: routes.series(series.id), label: `Back to ${series.title}` }}
        eyebrow={series.title}
        title={season.title}
        description={season.description}
        coverimg={season.coverimg ?? series.coverimg}
        meta={`Season ${season.seasonNumber} · ${countOf(season.totalEpisodes, 'episode')}`}
        locked={series.locked}
        actions={series.locked && <LockedDetailActions purchasePath={series.path} title={series.title} />}
      />
      <EpisodesView
        episodes={season.episodes}
        following={following}
        emptyText="No episodes available for this season."
        hrefOf={(after) => listRoutes.seasonEpisodes(series.id, season.id, after)}
      />
    </>
  );
}
