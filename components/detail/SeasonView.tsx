import type { Episode, SeasonDetail } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import { LockedDetailActions } from '../payment/LockedActions';
import { countOf } from '../sections/gridCards';
import { JsonLd, type StructuredData } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';
import { EpisodesView } from './EpisodesView';

/** A season page: its header and one page of its episodes. */
export function SeasonView({ season, following, jsonLd }: { season: SeasonDetail; following: Episode | null; jsonLd: StructuredData }) {
  const { series } = season;
  return (
    <>
      <JsonLd data={jsonLd} />
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
