import type { Episode, SeasonDetail } from '@/lib/catalog/types';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { listRoutes, routes } from '@/lib/routes';
import { LockedDetailActions } from '../payment/LockedActions';
import { OfferList } from '../payment/OfferList';
import { ReleaseNote } from './ReleaseNote';
import { countOf } from '../sections/gridCards';
import { JsonLd, type StructuredData } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';
import { EpisodesView } from './EpisodesView';

type Props = {
  season: SeasonDetail;
  /** What opens it while the series is locked: its season pass where it has one, and the whole series. */
  offers: ShownOffer[];
  /** How each episode is sold (lib/payments/checkout/title-offers.ts). */
  episodeOffers: (episode: Episode) => ShownOffer[];
  following: Episode | null;
  jsonLd: StructuredData;
};

/** A season page: its header (with what each pass covers and costs, while locked) and one page of its episodes. */
export function SeasonView({ season, offers, episodeOffers, following, jsonLd }: Props) {
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
        sharePath={season.path}
        actions={
          series.locked && (
            <>
              <ReleaseNote title={series} />
              <OfferList offers={offers} />
              {/* Owning the season (its pass, or the whole series) is what lifts its lock. */}
              <LockedDetailActions purchasePath={season.path} title={series.title} offers={offers} />
            </>
          )
        }
      />
      <EpisodesView
        episodes={season.episodes}
        following={following}
        offersOf={episodeOffers}
        emptyText="No episodes available for this season."
        hrefOf={(after) => listRoutes.seasonEpisodes(series.id, season.id, after)}
      />
    </>
  );
}
