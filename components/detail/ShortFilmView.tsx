import type { Episode, ShortFilmDetail } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { LockedDetailActions } from '../payment/LockedActions';
import { OfferList } from '../payment/OfferList';
import { ReleaseNote } from './ReleaseNote';
import { countOf } from '../sections/gridCards';
import { JsonLd, type StructuredData } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';
import { EpisodesView } from './EpisodesView';

type Props = {
  film: ShortFilmDetail;
  /** How it is sold while locked, whole. */
  offers: ShownOffer[];
  /** How each episode is sold (lib/payments/checkout/title-offers.ts). */
  episodeOffers: (episode: Episode) => ShownOffer[];
  jsonLd: StructuredData;
};

/** A short film's page: its header (with its prices while locked) and one page of its episodes. */
export function ShortFilmView({ film, offers, episodeOffers, jsonLd }: Props) {
  return (
    <>
      <JsonLd data={jsonLd} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow="Short film"
        title={film.title}
        description={film.description}
        coverimg={film.coverimg}
        meta={countOf(film.episodeCount, 'episode')}
        locked={film.locked}
        sharePath={film.path}
        actions={
          film.locked && (
            <>
              <ReleaseNote title={film} />
              <OfferList offers={offers} />
              <LockedDetailActions purchasePath={film.path} title={film.title} offers={offers} />
            </>
          )
        }
      />
      <EpisodesView
        episodes={film.episodes}
        following={null}
        offersOf={episodeOffers}
        emptyText="No episodes available yet."
        hrefOf={(after) => listRoutes.shortFilmEpisodes(film.id, after)}
      />
    </>
  );
}
