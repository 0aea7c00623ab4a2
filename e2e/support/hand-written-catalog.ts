import type { Firestore } from 'firebase-admin/firestore';
import type { RawDocument } from '../../lib/catalog/store';
import { generateCatalog, type CatalogShape } from './generated-catalog';

/** Several dozen series (with seasons and episodes), short films, trailers and documentaries. */
const SHAPE: CatalogShape = {
  series: 36,
  seasonsPerSeries: 2,
  episodesPerSeason: 2,
  shortFilms: 14,
  episodesPerShortFilm: 2,
  trailers: 12,
  documentaries: 12,
  longSeriesSeasons: 3,
  longSeasonEpisodes: 4,
};

/** The fields the seed's documents have: what an operator types in the Firebase console, nothing the site derives. */
const SEED_FIELDS = new Set([
  'title',
  'coverimg',
  'description',
  'locked',
  'type',
  'videourl',
  'totalSeasons',
  'episodeCount',
  'seasonNumber',
  'totalEpisodes',
  'episodeNumber',
]);

export const BROKEN_PATH = 'trailers/hand-broken';

/** A catalog as written by hand: the generated one cut to the seed's fields, and one broken document (no title). */
export function handWrittenCatalog(shape: CatalogShape = SHAPE): RawDocument[] {
  const documents = generateCatalog(shape).map((doc) => ({
    ...doc,
    data: Object.fromEntries(Object.entries(doc.data as object).filter(([field]) => SEED_FIELDS.has(field))),
  }));
  return [...documents, { id: 'hand-broken', path: BROKEN_PATH, data: { coverimg: '', videourl: '/media/clips/nebula.mp4', locked: false } }];
}

/** A free trailer as an operator adds one in the console: the seed's fields, nothing else. */
export const handWrittenTrailer = (id: string, title: string): RawDocument => ({
  id,
  path: `trailers/${id}`,
  data: { title, coverimg: '', videourl: '/media/clips/nebula.mp4', locked: false, type: 'Trailer' },
});

/** Writes documents as the console does: each as it is, nothing added. */
export async function writeAsOperator(db: Firestore, documents: RawDocument[]) {
  for (let start = 0; start < documents.length; start += 400) {
    const batch = db.batch();
    for (const doc of documents.slice(start, start + 400)) batch.set(db.doc(doc.path), doc.data as object);
    await batch.commit();
  }
}
