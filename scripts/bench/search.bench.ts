/** `vitest bench`: one search of each query, timed in process (no site, no emulator), on both catalogs. */
import { bench, describe } from 'vitest';
import { CATALOGS, QUERIES, searcher } from './search';

for (const catalog of Object.keys(CATALOGS) as (keyof typeof CATALOGS)[]) {
  describe(catalog, () => {
    const search = searcher(catalog);
    for (const query of QUERIES) bench(query, () => search(query).then(() => undefined));
  });
}
