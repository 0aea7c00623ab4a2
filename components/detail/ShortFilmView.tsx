import type { ShortFilmDetail } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import { shortFilmJsonLd } from '@/lib/seo/jsonld';
import { LockedDetailActions } from '../payment/LockedActions';
import { countOf } from '../sections/gridCards';
import { JsonLd } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';
import { EpisodesView } from './EpisodesView';

/** A short film's page: its header and one page of its episodes. */
export function ShortFilmView({ film }: { film: ShortFilmDetail }) {
  return (
    <>
      <JsonLd data={shortFilmJsonLd(film)} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow="Short film"
        title={film.title}
        description={film.description}
        coverimg={film.coverimg}
        meta={countOf(film.episodeCount, 'episode')}
        locked={film.locked}
        actions={film.locked && <LockedDetailActions purchasePath={film.path} title={film.title} />}
      />
      <EpisodesView
        episodes={film.episodes}
        following={null}
        emptyText="No episodes available yet."
        hrefOf={(after) => listRoutes.shortFilmEpisodes(film.id, after)}
      />
    </>
  );
}
