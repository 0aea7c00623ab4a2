import 'server-only';
import type { MetadataRoute } from 'next';
import { getSeries, listDocumentaries, listSeries, listShortFilms, listTrailers } from '../catalog';
import { env } from '../env';
import { routes } from '../routes';

type Entry = MetadataRoute.Sitemap[number];

const entry = (path: string, lastModified?: string, priority = 0.6): Entry => ({
  url: `${env.NEXT_PUBLIC_SITE_URL}${path}`,
  ...(lastModified && { lastModified }),
  changeFrequency: 'weekly',
  priority,
});

/** Every page and every title of the site, for crawlers. */
export async function sitemapEntries(): Promise<MetadataRoute.Sitemap> {
  const [trailers, documentaries, series, films] = await Promise.all([listTrailers(), listDocumentaries(), listSeries(), listShortFilms()]);
  const details = await Promise.all(series.map((s) => getSeries(s.id)));
  return [
    entry(routes.home, undefined, 1),
    entry(routes.walletGuide, undefined, 0.5),
    entry(routes.aiAgent, undefined, 0.5),
    entry(routes.contact, undefined, 0.3),
    ...[...trailers, ...documentaries].map((m) => entry(routes.watch(m.collection, m.id), m.updatedAt, 0.8)),
    ...series.map((s) => entry(routes.series(s.id), s.updatedAt, 0.8)),
    ...details.flatMap((d) => d?.seasons.map((season) => entry(routes.season(d.id, season.id), season.updatedAt, 0.7)) ?? []),
    ...films.map((f) => entry(routes.shortFilm(f.id), f.updatedAt, 0.8)),
  ];
}
