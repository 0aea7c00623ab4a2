import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { movieDocSchema, seriesDocSchema, shortFilmDocSchema } from '@/lib/catalog/schemas';
import { notReleasedReason, preorderDate, releaseLine, secondsUntil, timeLeft } from '@/lib/catalog/release';
import { offersOf } from '@/lib/payments/checkout/offers';
import { notReleased } from '@/lib/payments/playback/release-gate';
import { createLocalStore } from '@/lib/catalog/local';
import { createCatalog } from '@/lib/catalog/reads';
import { checkCatalog } from '@/lib/catalog/check';
import type { MovieItem } from '@/lib/catalog/types';
import { offerName } from '@/lib/payments/checkout/offer-words';
import { movieOffers } from '@/lib/payments/checkout/title-offers';
import { movieJsonLd } from '@/lib/seo/jsonld';

const NOW = Date.parse('2027-02-17T09:30:00.000Z');
const MARCH = '2027-03-01T00:00:00.000Z';
const movie = (releaseDate: unknown) => movieDocSchema.safeParse({ title: 'A', videourl: 'private:a.mp4', locked: true, releaseDate });

describe('releaseDate, as an operator writes it', () => {
  it('accepts an ISO date, an ISO date-time and a Firestore timestamp, kept as ISO 8601 in UTC', () => {
    expect(movie('2027-03-01').data?.releaseDate).toBe(MARCH);
    expect(movie(' 2027-03-01T18:00:00+01:00 ').data?.releaseDate).toBe('2027-03-01T17:00:00.000Z');
    expect(movie(Timestamp.fromMillis(Date.parse(MARCH))).data?.releaseDate).toBe(MARCH);
    // A timestamp as JSON (a document exported, or read over REST).
    expect(movie({ _seconds: Date.parse(MARCH) / 1000, _nanoseconds: 0 }).data?.releaseDate).toBe(MARCH);
    expect(seriesDocSchema.parse({ title: 'S', releaseDate: '2027-03-01' }).releaseDate).toBe(MARCH);
    expect(shortFilmDocSchema.parse({ title: 'F', releaseDate: '2027-03-01' }).releaseDate).toBe(MARCH);
  });

  it('leaves it out when absent or null: no release date, the title plays at once', () => {
    expect(movie(undefined).data?.releaseDate).toBeUndefined();
    expect(movie(null).data?.releaseDate).toBeUndefined();
  });

  it('skips a document whose release date names no time, saying what it expects', () => {
    for (const wrong of ['1 March 2027', '2027-13-01', '2027-03-01 18:00', 'soon', 20270301, true, {}, '']) {
      const result = movie(wrong);
      expect(result.success, JSON.stringify(wrong)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/ISO date such as 2027-03-01/);
    }
  });
});

describe('pre-orders', () => {
  it('is a pre-order while a locked title’s date is ahead on the clock given, and not from the date on', () => {
    expect(preorderDate({ locked: true, releaseDate: MARCH }, NOW)).toBe(MARCH);
    expect(preorderDate({ locked: true, releaseDate: MARCH }, Date.parse(MARCH))).toBeNull();
    expect(preorderDate({ locked: true, releaseDate: MARCH }, Date.parse(MARCH) + 1)).toBeNull();
    expect(preorderDate({ locked: true }, NOW)).toBeNull();
  });

  it('never makes a free title a pre-order: it plays at once', () => {
    expect(preorderDate({ locked: false, releaseDate: MARCH }, NOW)).toBeNull();
  });

  it('says when it releases and how long is left, rounded up', () => {
    expect(releaseLine(MARCH, NOW)).toBe('Releases 1 March 2027 · in 12 days');
    expect(timeLeft(MARCH, Date.parse(MARCH) - 47 * 3_600_000)).toBe('in 47 hours');
    expect(timeLeft(MARCH, Date.parse(MARCH) - 90 * 60_000)).toBe('in 90 minutes');
    expect(timeLeft(MARCH, Date.parse(MARCH) - 1_000)).toBe('in under a minute');
    expect(notReleasedReason('2027-03-01T18:00:00.000Z')).toMatch(/^Plays from 1 March 2027 \(18:00 UTC\)/);
  });

  it('caches a pre-order’s page no longer than until its release', () => {
    expect(secondsUntil(MARCH, Date.parse(MARCH) - 90_500)).toBe(91);
    expect(secondsUntil(MARCH, Date.parse(MARCH) + 5_000)).toBe(1);
  });

  it('sells a pre-order to own only, naming its date: a rental would run out before it could play', () => {
    const pricing = {
      kind: 'own' as const,
      buy: { currency: 'SOL' as const, units: 50_000_000 },
      rent: { price: { currency: 'SOL' as const, units: 20_000_000 }, hours: 48 },
    };
    expect(offersOf('trailers/a', pricing, 10_000_000, MARCH)).toEqual([{ path: 'trailers/a', kind: 'buy', price: pricing.buy, releases: MARCH }]);
    expect(offersOf('trailers/a', { kind: 'default' }, 10_000_000, MARCH)).toEqual([
      { path: 'trailers/a', kind: 'buy', price: { currency: 'SOL', units: 10_000_000 }, releases: MARCH },
    ]);
    expect(offersOf('trailers/a', pricing, 10_000_000).map((offer) => offer.kind)).toEqual(['buy', 'rent']);
  });
});

describe('playback of a pre-order, by the server’s clock', () => {
  const doc = (path: string, data: Record<string, unknown>) => ({ id: path.split('/').at(-1)!, path, data });
  const catalog = createCatalog(
    createLocalStore([
      doc('documentaries/soon', { title: 'Soon', videourl: 'private:soon.mp4', locked: true, releaseDate: '2027-03-01' }),
      doc('documentaries/open', { title: 'Open', videourl: '/media/open.mp4', releaseDate: '2027-03-01' }),
      doc('shortFilms/later', { title: 'Later', locked: true, releaseDate: Timestamp.fromMillis(Date.parse(MARCH)) }),
      doc('shortFilms/later/episodes/one', { title: 'One', episodeNumber: 1, videourl: 'private:one.mp4' }),
    ]),
    { warn: () => {} },
  );

  it('carries a locked title’s release date to its video and its episodes’, and a free title’s nowhere', async () => {
    expect(await catalog.getVideo('documentaries/soon')).toMatchObject({ releaseDate: MARCH });
    expect(await catalog.getVideo('shortFilms/later/episodes/one')).toMatchObject({ releaseDate: MARCH });
    expect(await catalog.getTitle('shortFilms/later')).toMatchObject({ locked: true, releaseDate: MARCH });
    expect(await catalog.getVideo('documentaries/open')).not.toHaveProperty('releaseDate');
  });

  it('refuses it before the date with its own code, and lets it play from the date', async () => {
    const video = (await catalog.getVideo('shortFilms/later/episodes/one'))!;
    expect(notReleased(video, NOW)).toEqual({ ok: false, code: 'not_released', reason: expect.stringMatching(/^Plays from 1 March 2027/) });
    expect(notReleased(video, Date.parse(MARCH))).toBeNull();
    expect(notReleased({}, NOW)).toBeNull();
  });
});

describe('a pre-order’s page: its offers and JSON-LD', () => {
  const releases = new Date(Date.now() + 12 * 86_400_000).toISOString();
  const film = (releaseDate?: string) =>
    ({
      id: 'soon',
      path: 'documentaries/soon',
      collection: 'documentaries',
      title: 'Soon',
      description: '',
      coverimg: null,
      type: 'Movie',
      locked: true,
      purchasePath: 'documentaries/soon',
      pricing: { kind: 'default' },
      releaseDate,
    }) as MovieItem;

  it('names each offer a pre-order, and tells crawlers PreOrder with when it is available', () => {
    const offers = movieOffers(film(releases));
    expect(offers.map(offerName)).toEqual(['Pre-order']);
    expect(movieJsonLd(film(releases), offers)).toMatchObject({
      offers: [{ name: 'Pre-order', availability: 'https://schema.org/PreOrder', availabilityStarts: releases }],
    });
  });

  it('is in stock once released, as a title without a date is', () => {
    const released = film(new Date(Date.now() - 1000).toISOString());
    expect(movieJsonLd(released, movieOffers(released))).toMatchObject({ offers: [{ name: 'Buy', availability: 'https://schema.org/InStock' }] });
    expect(movieJsonLd(film(), movieOffers(film())).offers).toEqual([expect.not.objectContaining({ availabilityStarts: expect.anything() })]);
  });
});

describe('npm run catalog:check and release dates', () => {
  const doc = (path: string, data: Record<string, unknown>) => ({ id: path.split('/').at(-1)!, path, data });
  const check = (data: Record<string, unknown>) =>
    checkCatalog(
      [doc('documentaries/d', { title: 'D', videourl: 'private:d.mp4', locked: true, ...data })],
      () => true,
      () => null,
      () => false,
      NOW,
    );

  it('names a release date it cannot read as a broken document, with the forms it takes', () => {
    const { broken } = check({ releaseDate: '1 March 2027' });
    expect(broken).toEqual([{ path: 'documentaries/d', message: expect.stringMatching(/^releaseDate: expected an ISO date such as 2027-03-01/) }]);
  });

  it('notes a pre-order, a release passed and a free title’s unused date, none of them a problem', () => {
    expect(check({ releaseDate: '2027-03-01' }).releases).toEqual([
      { path: 'documentaries/d', message: expect.stringMatching(/^a pre-order until 2027-03-01T00:00:00.000Z: sold now, plays from then \(in 12 days\)/) },
    ]);
    expect(check({ releaseDate: '2027-01-01' }).releases[0]!.message).toMatch(/^released 2027-01-01/);
    expect(check({ releaseDate: '2027-03-01', locked: false }).releases[0]!.message).toMatch(/^free: its releaseDate .* is not used/);
    expect(check({ releaseDate: '2027-03-01' }).broken).toEqual([]);
  });
});
