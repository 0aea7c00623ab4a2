import 'server-only';
import type { MetadataRoute } from 'next';
import { countTitles, getSeries, getShortFilm, PAGE_SIZES, type Page } from '../catalog';
import { browsePage } from '../catalog/browse';
import { isKind, KIND_LIST } from '../catalog/kinds';
import { env } from '../env/server';
import { listRoutes, routes } from '../routes';

type Entry = MetadataRoute.Sitemap[number];

const entry = (path: string, lastModified?: string, priority = 0.6): Entry => ({
  url: `${env.NEXT_PUBLIC_SITE_URL}${path}`,
  ...(lastModified && { lastModified }),
  changeFrequency: 'weekly',
  priority,
});

/**
 * Browse pages per sitemap file. A file holds those pages, their titles, for series each one's first page
 * of seasons and the page that continues it, and for long short films the page of episodes that continues
 * the first: at most 20 + 20 × 48 × (1 + 48 + 1) = 48,020 URLs, under the 50,000 a sitemap may hold. Later
 * pages follow by rel="next" links from those.
 */
const PAGES_PER_FILE = 20;
const TITLES_PER_FILE = PAGES_PER_FILE * PAGE_SIZES.titles;
const SITE_PAGES = 'pages';

/** The sitemap files: the site's own pages, then each kind of title in files of TITLES_PER_FILE (counted, not read). */
export async function sitemapIds(): Promise<string[]> {
  const files = await Promise.all(
    KIND_LIST.map(async (kind) =>
      Array.from({ length: Math.max(1, Math.ceil((await countTitles(kind)) / TITLES_PER_FILE)) }, (_, index) => `${kind}-${index}`),
    ),
  );
  return [SITE_PAGES, ...files.flat()];
}

/**
 * The files `next build` renders ahead: the site's own pages alone. A file of titles reads its 20 browse pages and,
 * for series, each one's first page of seasons (about 3,000 reads for 960 series), so the build's reads and time
 * would grow with the catalog (at 100,000 titles on the emulator, single files outlasted Next's 60 s a page and
 * failed the build). They are rendered at a crawler's first fetch instead, and kept until an edit expires them.
 */
export const prerenderedSitemapIds = () => [SITE_PAGES];

/** The absolute URL of one sitemap file, as robots.txt and the sitemap index list it. */
export const sitemapFileUrl = (id: string) => `${env.NEXT_PUBLIC_SITE_URL}/sitemap/${id}.xml`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * /sitemap.xml, the address crawlers and SEO tools try first: a sitemap index naming every file. It depends
 * only on the per-kind counts (cached reads tagged by kind), so it changes exactly when the files do.
 */
export async function sitemapIndexXml(): Promise<string> {
  const files = (await sitemapIds()).map((id) => `<sitemap>\n<loc>${escapeXml(sitemapFileUrl(id))}</loc>\n</sitemap>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('')}</sitemapindex>\n`;
}

/** The URLs of one sitemap file: its browse pages read page by page (the cached pages the site shows), never a whole collection. */
export async function sitemapEntries(id: string): Promise<MetadataRoute.Sitemap> {
  if (id === SITE_PAGES) {
    return [routes.home, routes.walletGuide, routes.aiAgent, routes.contact].map((path, index) => entry(path, undefined, index === 0 ? 1 : 0.5));
  }
  const [kind = '', index = ''] = id.split('-');
  if (!isKind(kind) || !/^\d+$/.test(index)) return [];
  const first = Number(index) * PAGES_PER_FILE;
  const entries: Entry[] = [];
  let after: string | undefined;
  for (let page = 0; page < first + PAGES_PER_FILE; page += 1) {
    const found = await browsePage(kind, after);
    if (!found) break;
    if (page >= first) entries.push(entry(listRoutes.browse(kind, after), undefined, 0.4), ...(await titleEntries(found)));
    if (!found.page.next) break;
    after = found.page.next;
  }
  return entries;
}

async function titleEntries(found: NonNullable<Awaited<ReturnType<typeof browsePage>>>): Promise<Entry[]> {
  if (found.kind === 'movies') return found.page.items.map((movie) => entry(routes.watch(movie.collection, movie.id), movie.updatedAt, 0.8));
  if (found.kind === 'shortFilms') {
    // Only a film longer than a page is read (cached, as its page is): its second page of episodes.
    const films = await Promise.all(
      found.page.items.map(async (film) => {
        const more = film.episodeCount > PAGE_SIZES.episodes ? (await getShortFilm(film.id))?.episodes.next : null;
        return [
          entry(routes.shortFilm(film.id), film.updatedAt, 0.8),
          ...(more ? [entry(listRoutes.shortFilmEpisodes(film.id, more), film.updatedAt, 0.5)] : []),
        ];
      }),
    );
    return films.flat();
  }
  const series = await Promise.all(found.page.items.map((summary) => getSeries(summary.id)));
  return series.flatMap((show) =>
    show
      ? [
          entry(routes.series(show.id), show.updatedAt, 0.8),
          ...seasonEntries(show.id, show.seasons),
          ...(show.seasons.next ? [entry(listRoutes.seasons(show.id, show.seasons.next), show.updatedAt, 0.5)] : []),
        ]
      : [],
  );
}

const seasonEntries = (seriesId: string, seasons: Page<{ id: string; updatedAt?: string }>) =>
  seasons.items.map((season) => entry(routes.season(seriesId, season.id), season.updatedAt, 0.7));
