import type { Metadata } from 'next';
import { SearchPage } from '@/components/search/SearchPage';
import { parseSearchQuery } from '@/lib/search/query';
import { searchCatalog } from '@/lib/catalog';

// Results pages are endless and thin: crawlers may follow them to titles but must not index them.
export const metadata: Metadata = {
  title: 'Search',
  description: 'Search Solenema’s trailers, documentaries, series, seasons, episodes and short films.',
  robots: { index: false, follow: true },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Search({ searchParams }: Props) {
  const query = parseSearchQuery((await searchParams).q);
  return <SearchPage query={query} results={await searchCatalog(query.text)} />;
}
