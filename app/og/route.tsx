import { getMovie, getSeason, getSeries, getShortFilm } from '@/lib/catalog';
import { refusalResponse } from '@/lib/api/responses';
import { refuse } from '@/lib/errors';
import { rateLimit } from '@/lib/api/address-budget';
import { renderCard, type Card } from '@/lib/og/card';
import { SITE_CARD, TITLE_PATH_FORMS, cardForTitle, cardTitleAt } from '@/lib/og/titles';
import { otherMethods } from '@/lib/api/methods';

const catalog = { getMovie, getSeries, getSeason, getShortFilm };

/**
 * The Open Graph card (1200×630 PNG) of a title that has no cover: `/og?path=series/abc` draws
 * that title's name and kind as the catalog has them; `/og` alone draws the site's card.
 * It draws nothing a visitor types: free text in the query would let anyone publish any words
 * as an image on our domain.
 */
export async function GET(request: Request) {
  const limited = await rateLimit(request, 'og');
  if (limited) return limited;
  const params = new URL(request.url).searchParams;
  const unknown = [...new Set(params.keys())].filter((key) => key !== 'path');
  if (unknown.length > 0) {
    return refusalResponse(
      refuse(
        'invalid_request',
        `Unknown query parameter ${unknown.map((key) => JSON.stringify(key.slice(0, 40))).join(', ')}: /og draws catalog titles only, as /og?path=series/<id>.`,
      ),
    );
  }
  const paths = params.getAll('path');
  if (paths.length > 1) return refusalResponse(refuse('invalid_request', 'Give one ?path=.'));

  let card: Card = SITE_CARD;
  if (paths.length === 1) {
    const title = cardTitleAt(paths[0]!);
    if (!title) return refusalResponse(refuse('not_found', `Not a title path: expected ${TITLE_PATH_FORMS}.`));
    const found = await cardForTitle(title, catalog);
    if (!found) return refusalResponse(refuse('not_found', 'No title at this path in the catalog.'));
    card = found;
  }

  return new Response(new Uint8Array(await renderCard(card)), {
    headers: {
      'Content-Type': 'image/png',
      // A title's name can change: a day in caches, then drawn again.
      'Cache-Control': 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
