import { MovieView } from '@/components/detail/MovieView';
import { SeasonView } from '@/components/detail/SeasonView';
import { SeriesView } from '@/components/detail/SeriesView';
import { ShortFilmView } from '@/components/detail/ShortFilmView';
import { getMovie, getSeason, getSeries, getShortFilm, type SeasonDetail, type SeriesDetail, type ShortFilmDetail } from '@/lib/catalog';
import { isDocumentId, isMovieKind, kindAtSegment, KIND_LIST, KINDS, type TitleAddress } from '@/lib/catalog/kinds';
import { prerenderedMovieIds, prerenderedSeasons, prerenderedSeriesIds, prerenderedShortFilmIds } from '@/lib/catalog/prerender';
import { upNextAfter } from '@/lib/catalog/up-next';
import { episodeOffers, movieOffers, seasonOffers, showOffers } from '@/lib/payments/checkout/title-offers';
import { listRoutes, routes } from '@/lib/routes';
import { movieJsonLd, seasonJsonLd, seriesJsonLd, shortFilmJsonLd } from '@/lib/seo/jsonld';
import { pageMetadata } from '@/lib/seo/metadata';
import { RelatedMovies } from './relatedMovies';
import { titleRoute } from './titleRoute';

/** The address a route's params spell, when each id could be a document's (`..`, `a/b` or 10 KB never are). */
const checked = <Address extends TitleAddress>(address: Address) => (address.ids.every(isDocumentId) ? address : null);

/** A further page of a title's seasons or episodes: a cursor past the last page names nothing. */
const further = <Found,>(found: Found | null, list: (found: Found) => { items: unknown[] }) => (found && list(found).items.length > 0 ? found : null);

/** The parse of a further page of a title: the title's address and the cursor the page starts after. */
const paged =
  <Params, Address extends TitleAddress>(parse: (params: Params) => Address | null) =>
  (params: Params & { after: string }) => {
    const address = parse(params);
    return address && { ...address, after: params.after };
  };

/** /watch/trailers/<id>, /watch/documentaries/<id> */
export const moviePage = titleRoute({
  parse: ({ collection, id }: { collection: string; id: string }) => {
    const kind = kindAtSegment(collection);
    return kind && isMovieKind(kind) ? checked({ kind, depth: 'title', ids: [id] }) : null;
  },
  read: ({ kind, ids: [id] }) => getMovie(kind, id),
  metadata: (movie) => pageMetadata({ ...movie, path: routes.watch(movie.collection, movie.id), ogPath: movie.path, ogType: 'video.movie' }),
  render: (movie) => {
    const offers = movieOffers(movie);
    return <MovieView movie={movie} offers={offers} jsonLd={movieJsonLd(movie, offers)} related={<RelatedMovies movie={movie} />} />;
  },
  staticParams: async () => {
    const kinds = KIND_LIST.filter(isMovieKind);
    const ids = await Promise.all(kinds.map(async (kind) => (await prerenderedMovieIds(kind)).map((id) => ({ collection: KINDS[kind].segment, id }))));
    return ids.flat();
  },
});

type SeriesParams = { seriesId: string };
const seriesAt = ({ seriesId }: SeriesParams) => checked({ kind: 'series', depth: 'title', ids: [seriesId] });
const seriesMetadata = (series: SeriesDetail, title: string, path: string) =>
  pageMetadata({ ...series, title, path, ogPath: series.path, ogType: 'video.tv_show' });
function seriesView(series: SeriesDetail) {
  const offers = showOffers(series);
  return <SeriesView series={series} offers={offers} jsonLd={seriesJsonLd(series, offers)} />;
}

/** /series/<id> */
export const seriesPage = titleRoute({
  parse: seriesAt,
  read: ({ ids: [seriesId] }) => getSeries(seriesId),
  metadata: (series) => seriesMetadata(series, series.title, routes.series(series.id)),
  render: seriesView,
  staticParams: async () => (await prerenderedSeriesIds()).map((seriesId) => ({ seriesId })),
});

/** /series/<id>/seasons/<after>: the further seasons of a long series. */
export const seriesSeasonsPage = titleRoute({
  parse: paged(seriesAt),
  read: async ({ ids: [seriesId], after }) => further(await getSeries(seriesId, after), (series) => series.seasons),
  metadata: (series, { after }) => seriesMetadata(series, `${series.title} · seasons`, listRoutes.seasons(series.id, after)),
  render: seriesView,
});

type SeasonParams = SeriesParams & { seasonId: string };
const seasonAt = ({ seriesId, seasonId }: SeasonParams) => checked({ kind: 'series', depth: 'season', ids: [seriesId, seasonId] });
const seasonMetadata = (season: SeasonDetail, title: string, path: string) =>
  pageMetadata({ ...season, title, path, ogPath: season.path, ogType: 'video.tv_show' });
async function seasonView(season: SeasonDetail) {
  const offers = seasonOffers(season, season.series);
  return (
    <SeasonView
      season={season}
      offers={offers}
      episodeOffers={episodeOffers(season.path, offers, showOffers(season.series))}
      jsonLd={seasonJsonLd(season, offers)}
      following={await upNextAfter(season)}
    />
  );
}

/** /series/<id>/season/<seasonId> */
export const seasonPage = titleRoute({
  parse: seasonAt,
  read: ({ ids: [seriesId, seasonId] }) => getSeason(seriesId, seasonId),
  metadata: (season) => seasonMetadata(season, `${season.title} · ${season.series.title}`, routes.season(season.seriesId, season.id)),
  render: seasonView,
  staticParams: prerenderedSeasons,
});

/** /series/<id>/season/<seasonId>/episodes/<after>: the further episodes of a long season. */
export const seasonEpisodesPage = titleRoute({
  parse: paged(seasonAt),
  read: async ({ ids: [seriesId, seasonId], after }) => further(await getSeason(seriesId, seasonId, after), (season) => season.episodes),
  metadata: (season, { ids: [seriesId, seasonId], after }) =>
    seasonMetadata(season, `${season.title} · ${season.series.title} · episodes`, listRoutes.seasonEpisodes(seriesId, seasonId, after)),
  render: seasonView,
});

type ShortFilmParams = { shortFilmsId: string };
const shortFilmAt = ({ shortFilmsId }: ShortFilmParams) => checked({ kind: 'shortFilms', depth: 'title', ids: [shortFilmsId] });
const shortFilmMetadata = (film: ShortFilmDetail, title: string, path: string) =>
  pageMetadata({ ...film, title, path, ogPath: film.path, ogType: 'video.movie' });
function shortFilmView(film: ShortFilmDetail) {
  const offers = showOffers(film);
  return <ShortFilmView film={film} offers={offers} episodeOffers={episodeOffers(film.path, offers)} jsonLd={shortFilmJsonLd(film, offers)} />;
}

/** /short-films/<id> */
export const shortFilmPage = titleRoute({
  parse: shortFilmAt,
  read: ({ ids: [shortFilmId] }) => getShortFilm(shortFilmId),
  metadata: (film) => shortFilmMetadata(film, film.title, routes.shortFilm(film.id)),
  render: shortFilmView,
  staticParams: async () => (await prerenderedShortFilmIds()).map((shortFilmsId) => ({ shortFilmsId })),
});

/** /short-films/<id>/episodes/<after>: the further episodes of a long short film. */
export const shortFilmEpisodesPage = titleRoute({
  parse: paged(shortFilmAt),
  read: async ({ ids: [shortFilmId], after }) => further(await getShortFilm(shortFilmId, after), (film) => film.episodes),
  metadata: (film, { after }) => shortFilmMetadata(film, `${film.title} · episodes`, listRoutes.shortFilmEpisodes(film.id, after)),
  render: shortFilmView,
});
