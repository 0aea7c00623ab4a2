import { describe, expect, it } from 'vitest';
import { kindsToScan, type CatalogCensus } from '@/lib/catalog/sync/census';
import { catalogUpkeep } from '@/lib/catalog/upkeep';
import { parseEnv } from '@/lib/env/schema';

const FIRESTORE = { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', FIREBASE_PROJECT_ID: 'p' };

describe('how the catalog is kept fresh', () => {
  it('on Vercel (no listener), by default an edit is live within 5 minutes: a check and a cached read of 100 s each', () => {
    const upkeep = catalogUpkeep(parseEnv({ ...FIRESTORE, VERCEL: '1' }));
    expect(upkeep).toEqual({ mode: 'visits', lifetimeSeconds: 100, checkEverySeconds: 100 });
    // The check, the cached read's expiry and the render a visit starts: a third of the setting each.
    expect(upkeep.checkEverySeconds + upkeep.lifetimeSeconds).toBeLessThanOrEqual((2 / 3) * 300);
  });

  it('on next start the listeners expire reads within seconds, so cached reads keep the day backstop', () => {
    expect(catalogUpkeep(parseEnv(FIRESTORE))).toEqual({ mode: 'watch', lifetimeSeconds: 86_400, checkEverySeconds: 300 });
  });

  it('with the Firestore trigger deployed, edits arrive as events, on Vercel and on next start alike: no listener syncs them again', () => {
    const EVENTS = { ...FIRESTORE, CATALOG_EVENTS_SECRET: 'catalog-events-secret-0123456789' };
    const events = { mode: 'events', lifetimeSeconds: 86_400, checkEverySeconds: 0 };
    expect(catalogUpkeep(parseEnv(EVENTS))).toEqual(events);
    expect(catalogUpkeep(parseEnv({ ...EVENTS, VERCEL: '1' }))).toEqual(events);
  });

  it('a shorter setting shortens both; never a lifetime longer than REVALIDATE_SECONDS', () => {
    expect(catalogUpkeep(parseEnv({ ...FIRESTORE, VERCEL: '1', CATALOG_SYNC_SECONDS: '15' }))).toMatchObject({ lifetimeSeconds: 5, checkEverySeconds: 5 });
    expect(catalogUpkeep(parseEnv({ ...FIRESTORE, VERCEL: '1', REVALIDATE_SECONDS: '30' }))).toMatchObject({ lifetimeSeconds: 30 });
  });

  it('off for the embedded catalog and for CATALOG_SYNC_SECONDS=0', () => {
    expect(catalogUpkeep(parseEnv({ VERCEL: '1' })).mode).toBe('off');
    expect(catalogUpkeep(parseEnv({ ...FIRESTORE, VERCEL: '1', CATALOG_SYNC_SECONDS: '0' })).mode).toBe('off');
  });

  it("off on a Vercel preview deployment: a branch's code never writes into the Firestore it was given", () => {
    expect(catalogUpkeep(parseEnv({ ...FIRESTORE, VERCEL: '1', VERCEL_ENV: 'preview' })).mode).toBe('off');
    expect(catalogUpkeep(parseEnv({ ...FIRESTORE, VERCEL: '1', VERCEL_ENV: 'production' })).mode).toBe('visits');
  });
});

describe('which kinds a census sends to a closer look', () => {
  const steady = { titles: 10, listed: 10, searchable: 9 };
  const census: CatalogCensus = { series: steady, shortFilms: steady, trailers: steady, documentaries: steady };
  it('none while nothing moved (a broken title that search leaves out included)', () => {
    expect(kindsToScan(census, census)).toEqual([]);
  });
  it('a kind with a title written by hand, one added or deleted; every kind without an earlier census', () => {
    expect(kindsToScan({ ...census, series: { ...steady, titles: 11 } }, census)).toEqual(['series']);
    expect(kindsToScan({ ...census, trailers: { titles: 9, listed: 9, searchable: 9 } }, census)).toEqual(['trailers']);
    expect(kindsToScan({ ...census, shortFilms: { ...steady, searchable: 8 } }, census)).toEqual(['shortFilms']);
    expect(kindsToScan(census, null)).toEqual(['series', 'shortFilms', 'trailers', 'documentaries']);
  });
});
