import { Keypair } from '@solana/web3.js';
import { FieldValue } from 'firebase-admin/firestore';
import { apiBuyer } from './support/api-buyer';
import { chainControl } from './support/chain';
import { expect, test } from './support/offline';
import { CHAIN_URL, E2E_REVALIDATE_SECRET, SITE_URL } from './support/ports';
import { siteFirestore } from './support/site-firestore';

/**
 * Issue 41's store, on the e2e site and the local chain, through its routes as a browser's requests reach them: a
 * title's own price is charged and checked, a seed-shaped title still sells at PRICE_LAMPORTS, a series pass opens
 * episodes added after it was bought, a season pass opens its season only, and a checkout keeps the price it
 * started with when the operator changes it.
 */
const LAMPORTS_PER_SOL = 1_000_000_000;
const SERIES = 'series/wild-frequencies';
const episodeOf = (season: string, episode: string) => `${SERIES}/seasons/${season}/episodes/${episode}`;

const funded = async () => {
  const payer = Keypair.generate();
  await chainControl(CHAIN_URL).airdrop(payer.publicKey.toBase58(), LAMPORTS_PER_SOL);
  return payer;
};

/** Refreshes the cached reads of catalog documents `titles` as an operator's edit does (POST /api/revalidate). */
async function revalidate(titles: string[]) {
  const response = await fetch(`${SITE_URL}/api/revalidate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_REVALIDATE_SECRET}`, 'content-type': 'application/json', origin: SITE_URL },
    body: JSON.stringify({ titles }),
  });
  expect(response.status).toBe(200);
}

test('a title priced 0.05 SOL is charged 0.05: 0.01 is refused with a reason, 0.05 unlocks it', async () => {
  const buyer = apiBuyer(SITE_URL, '203.0.113.81');
  const payer = await funded();
  const started = await buyer.checkout('trailers/orbit-of-wolves');
  expect(started).toMatchObject({ kind: 'buy', price: { currency: 'SOL', units: 50_000_000 } });
  expect(new URL(started.solanaPay.transferUrl).searchParams.get('amount')).toBe('0.05');

  const short = await buyer.verify(started, await buyer.transfer(payer, { ...started, price: { currency: 'SOL', units: 10_000_000 } }));
  expect(short.status).toBe(422);
  expect(short.body).toMatchObject({ code: 'payment_refused', error: expect.stringMatching(/does not transfer at least 50000000 lamports/) });
  expect((await buyer.library()).paths).not.toContain('trailers/orbit-of-wolves');

  const full = await buyer.verify(started, await buyer.transfer(payer, started));
  expect(full.status).toBe(200);
  expect(full.body).toMatchObject({ price: { currency: 'SOL', units: 50_000_000 } });
  expect((await buyer.library()).paths).toContain('trailers/orbit-of-wolves');
});

test('a title written with the seed’s fields alone sells at PRICE_LAMPORTS, in SOL, as before', async () => {
  const buyer = apiBuyer(SITE_URL, '203.0.113.82');
  expect(await buyer.checkout('trailers/iron-meridian')).toMatchObject({ kind: 'buy', price: { currency: 'SOL', units: 10_000_000 } });
  expect(await buyer.checkout('series/harbor-lights')).toMatchObject({ price: { currency: 'SOL', units: 10_000_000 } });
});

test('a series bought whole opens an episode the operator adds afterwards; a season pass opens that season only', async () => {
  test.setTimeout(90_000);
  const [whole, pass] = [apiBuyer(SITE_URL, '203.0.113.83'), apiBuyer(SITE_URL, '203.0.113.84')];
  const payer = await funded();
  expect((await whole.pay(payer, SERIES)).checkout.price).toEqual({ currency: 'SOL', units: 80_000_000 });
  const { checkout } = await pass.pay(payer, `${SERIES}/seasons/season-one`);
  expect(checkout).toMatchObject({ path: `${SERIES}/seasons/season-one`, price: { currency: 'SOL', units: 30_000_000 } });

  expect((await pass.link(episodeOf('season-one', 'chorus-of-the-canopy'))).status).toBe(200);
  expect((await pass.link(episodeOf('season-two', 'city-birds'))).status).toBe(403);

  // Added in the console after the purchase, with the seed's fields.
  const added = siteFirestore().doc(`${SERIES}/seasons/season-two/episodes/a-late-addition`);
  await added.set({
    episodeNumber: 9,
    title: 'A Late Addition',
    coverimg: '/media/covers/series/wild-frequencies/season-two.jpg',
    videourl: 'private:series/wild-frequencies/season-two/city-birds.mp4',
  });
  try {
    await revalidate([`${SERIES}/seasons/season-two/episodes/a-late-addition`]);
    expect((await whole.link(episodeOf('season-two', 'a-late-addition'))).status).toBe(200);
    expect((await pass.link(episodeOf('season-two', 'a-late-addition'))).status).toBe(403);
  } finally {
    await added.delete();
  }
});

test('a price changed in the console is what new checkouts charge, while a checkout started before keeps its price', async () => {
  test.setTimeout(90_000);
  const path = 'shortFilms/grandmas-last-heist';
  const title = siteFirestore().doc(path);
  const buyer = apiBuyer(SITE_URL, '203.0.113.85');
  const before = await buyer.checkout(path);
  expect(before.price).toEqual({ currency: 'SOL', units: 10_000_000 });
  await title.update({ price: 0.04 });
  try {
    await revalidate([path]);
    await expect.poll(async () => (await buyer.checkout(path)).price, { timeout: 15_000 }).toEqual({ currency: 'SOL', units: 40_000_000 });
    // The earlier checkout's payment, at the price it was started with, is honoured.
    const honoured = await buyer.verify(before, await buyer.transfer(await funded(), before));
    expect(honoured.status).toBe(200);
    expect(honoured.body).toMatchObject({ path, price: { currency: 'SOL', units: 10_000_000 } });
  } finally {
    await title.update({ price: FieldValue.delete() });
    await revalidate([path]);
  }
});
