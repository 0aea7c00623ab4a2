import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { notFoundMetadata } from '@/lib/seo/metadata';

/** One title page: what its params name, how that is read, and how it is shown. */
export interface TitlePage<Params, Address, Found> {
  /** The address the params name, or null when they cannot name a document (no read is made then). */
  parse(params: Params): Address | null;
  /** The title as the page shows it, or null when the catalog has nothing there. */
  read(address: Address): Promise<Found | null>;
  metadata(found: Found, address: Address): Metadata;
  render(found: Found): ReactNode | Promise<ReactNode>;
  /** What `next build` renders ahead; by default nothing (rendered on first visit, then cached). */
  staticParams?: () => Promise<Params[]>;
}

type Props<Params> = { params: Promise<Params> };

/**
 * A title's route (a movie, a series, a season, a short film, or a further page of one's seasons or
 * episodes): params → parse → read → the page, or the 404 page in the server's HTML. Metadata and page
 * share one read (the catalog's reads are memoised per render).
 */
export function titleRoute<Params, Address, Found>(page: TitlePage<Params, Address, Found>) {
  async function load(params: Promise<Params>) {
    const address = page.parse(await params);
    const found = address && (await page.read(address));
    return address && found ? { address, found } : null;
  }
  return {
    generateStaticParams: page.staticParams ?? (async (): Promise<Params[]> => []),
    async generateMetadata({ params }: Props<Params>): Promise<Metadata> {
      const loaded = await load(params);
      return loaded ? page.metadata(loaded.found, loaded.address) : notFoundMetadata;
    },
    async Page({ params }: Props<Params>) {
      const loaded = await load(params);
      return loaded ? page.render(loaded.found) : <NotFoundPage />;
    },
  };
}
