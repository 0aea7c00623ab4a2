import { describe, expect, it } from 'vitest';
import type { MovieItem, SeriesDetail } from '@/lib/catalog/types';
import { env } from '@/lib/env/server';
import type { Offer } from '@/lib/payments/checkout/offers';
import { movieJsonLd, offerJsonLd, seriesJsonLd } from '@/lib/seo/jsonld';
import { movieOffers, showOffers } from '@/lib/payments/checkout/title-offers';

const page = (path: string) => new URL(path, env.NEXT_PUBLIC_SITE_URL).toString();

const movie = (fields: Partial<MovieItem> & Pick<MovieItem, 'pricing'>): MovieItem =>
  ({
    id: 'orbit-of-wolves',
    path: 'trailers/orbit-of-wolves',
    collection: 'trailers',
    title: 'Orbit of Wolves',
    description: '',
    coverimg: null,
    type: 'Movie',
    locked: true,
    purchasePath: 'trailers/orbit-of-wolves',
    ...fields,
  }) as MovieItem;

describe('offerJsonLd', () => {
  it('gives a SOL price as an exact decimal with its currency, sold on its page', () => {
    const offer: Offer = { path: 'trailers/orbit-of-wolves', kind: 'buy', price: { currency: 'SOL', units: 50_000_000 } };
    expect(offerJsonLd(offer)).toEqual({
      '@type': 'Offer',
      name: 'Buy',
      price: '0.05',
      priceCurrency: 'SOL',
      availability: 'https://schema.org/InStock',
      url: page('/watch/trailers/orbit-of-wolves'),
    });
  });

  it('gives a USDC price in USDC, with no float rounding', () => {
    expect(offerJsonLd({ path: 'documentaries/the-ice-archive', kind: 'buy', price: { currency: 'USDC', units: 2_500_000 } })).toMatchObject({
      price: '2.5',
      priceCurrency: 'USDC',
    });
    expect(offerJsonLd({ path: 'trailers/a', kind: 'buy', price: { currency: 'SOL', units: 1 } })).toMatchObject({ price: '0.000000001' });
    expect(offerJsonLd({ path: 'trailers/a', kind: 'buy', price: { currency: 'SOL', units: 3_000_000_000 } })).toMatchObject({ price: '3' });
  });

  it('marks a rental as a lease, its length in hours', () => {
    expect(offerJsonLd({ path: 'shortFilms/glass-harvest', kind: 'rent', price: { currency: 'SOL', units: 20_000_000 }, hours: 48 })).toEqual({
      '@type': 'Offer',
      name: 'Rent 2 days',
      price: '0.02',
      priceCurrency: 'SOL',
      availability: 'https://schema.org/InStock',
      url: page('/short-films/glass-harvest'),
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      leaseLength: { '@type': 'QuantitativeValue', value: 48, unitCode: 'HUR' },
    });
  });
});

describe('a title page’s JSON-LD offers', () => {
  it('carries every way a locked title is sold, at the price the checkout charges (PRICE_LAMPORTS where it sets none)', () => {
    const own = movie({ pricing: { kind: 'own', buy: { currency: 'SOL', units: 50_000_000 }, rent: null } });
    expect(movieJsonLd(own, movieOffers(own))).toMatchObject({ isAccessibleForFree: false, offers: [{ price: '0.05', priceCurrency: 'SOL' }] });
    const seedShaped = movie({ pricing: { kind: 'default' } });
    expect(movieJsonLd(seedShaped, movieOffers(seedShaped))).toMatchObject({
      offers: [{ price: String(env.PRICE_LAMPORTS / 1e9), priceCurrency: 'SOL' }],
    });
  });

  it('marks a locked title not free, with the paid part of its page (Google’s paywalled-content markup); a free one has none', () => {
    const locked = movie({ pricing: { kind: 'default' } });
    expect(movieJsonLd(locked, movieOffers(locked))).toMatchObject({
      isAccessibleForFree: false,
      hasPart: [{ '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled' }],
    });
    const free = movie({ locked: false, videourl: '/media/a.mp4', subtitles: [], pricing: { kind: 'default' } } as never);
    expect(movieJsonLd(free, movieOffers(free))).not.toHaveProperty('hasPart');
  });

  it('has no Offer for a title whose price is malformed, nor for a free one', () => {
    const malformed = movie({ pricing: { kind: 'malformed', problems: ['price must be a number'] } });
    const data = movieJsonLd(malformed, movieOffers(malformed));
    expect(data).toMatchObject({ isAccessibleForFree: false });
    expect(data).not.toHaveProperty('offers');
    const free = movie({
      locked: false,
      videourl: '/media/a.mp4',
      subtitles: [],
      pricing: { kind: 'own', buy: { currency: 'SOL', units: 5 }, rent: null },
    } as never);
    expect(movieJsonLd(free, movieOffers(free))).not.toHaveProperty('offers');
  });

  it('sells a series whole, buy and rent, each with what it opens', () => {
    const series = {
      id: 'wild-frequencies',
      path: 'series/wild-frequencies',
      title: 'Wild Frequencies',
      description: '',
      coverimg: null,
      locked: true,
      totalSeasons: 2,
      episodeCount: 5,
      pricing: { kind: 'own', buy: { currency: 'SOL', units: 80_000_000 }, rent: { price: { currency: 'SOL', units: 30_000_000 }, hours: 72 } },
      seasons: { items: [], next: null, previous: null, firstOfNext: null },
    } as SeriesDetail;
    const offers = showOffers(series);
    expect(offers.map(({ covers }) => covers)).toEqual([
      'Every season and episode, including those added later',
      'Every season and episode for 3 days from your first play; start within 30 days of paying',
    ]);
    expect(seriesJsonLd(series, offers)).toMatchObject({
      offers: [
        { name: 'The whole series', price: '0.08' },
        { name: 'Rent 3 days', price: '0.03', leaseLength: { value: 72, unitCode: 'HUR' } },
      ],
    });
  });
});
