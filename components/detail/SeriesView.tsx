import type { SeriesDetail } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import { Pagination } from '../browse/Pagination';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { LockedDetailActions } from '../payment/LockedActions';
import { OfferList } from '../payment/OfferList';
import { ReleaseNote } from './ReleaseNote';
import { GridSection } from '../sections/GridSection';
import { countOf, seasonCard } from '../sections/gridCards';
import { JsonLd, type StructuredData } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';

/** A series page: its header (with its prices while locked) and one page of its seasons, with plain links to the others. */
export function SeriesView({ series, offers, jsonLd }: { series: SeriesDetail; offers: ShownOffer[]; jsonLd: StructuredData }) {
  return (
    <>
      <JsonLd data={jsonLd} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow="Series"
        title={series.title}
        description={series.description}
        coverimg={series.coverimg}
        meta={`${countOf(series.totalSeasons, 'season')} · ${countOf(series.episodeCount, 'episode')}`}
        locked={series.locked}
        sharePath={series.path}
        actions={
          series.locked && (
            <>
              <ReleaseNote title={series} />
              <OfferList offers={offers} />
              <LockedDetailActions purchasePath={series.path} title={series.title} offers={offers} />
            </>
          )
        }
      />
      <GridSection id="seasons" title="Seasons" cards={series.seasons.items.map(seasonCard)} emptyText="No seasons available yet." />
      <Pagination noun="seasons" page={series.seasons} hrefOf={(after) => listRoutes.seasons(series.id, after)} />
    </>
  );
}
