/**
 * Longer searches are cut here: no title is that long, and it bounds the work of one query. Its own
 * module, so the browser's search field can import it without the query parser (and zod).
 */
export const MAX_QUERY_LENGTH = 100;
