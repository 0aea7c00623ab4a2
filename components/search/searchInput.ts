import { MAX_QUERY_LENGTH } from '@/lib/search/limits';

/** What every search field of the site shares: the query's name and length, and a keyboard whose Enter says "search". */
export const searchInputProps = {
  name: 'q',
  type: 'search',
  maxLength: MAX_QUERY_LENGTH,
  autoComplete: 'off',
  enterKeyHint: 'search',
} as const;
