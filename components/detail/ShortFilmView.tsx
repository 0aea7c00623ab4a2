import type { ShortFilmDetail } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import { LockedDetailActions } from '../payment/LockedActions';
import { countOf } from '../sections/gridCards';
import { JsonLd, type StructuredData } from '../seo/JsonLd';
import { DetailHeader } from './DetailHeader';
import { EpisodesView } from './EpisodesView';

/** A short film's page: its header and one page of its episodes. */
export function ShortFilmView({ film, jsonLd }: { film: ShortFilmDetail; jsonLd: StructuredData }) {
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
