import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { apiBuyer } from './support/api-buyer';
import { chainControl } from './support/chain';
import { content } from './support/catalog';
import { expect, test } from './support/offline';
import { CHAIN_URL, RENTAL_SITE_URL } from './support/ports';
import { stopServer } from './support/processes';
import { startSiteInstance } from './support/site-instance';

/**
 * Issue 41's rentals, on a site whose clock the test moves (e2e/support/server-clock.cjs): a 48-hour rental starts at
 * its first play, plays until its length has passed on the server's clock, then its link is refused with the
 * rental's own reason; buying it then charges the difference; a wallet restore carries the time left, never more.
 */
const HOUR_MS = 60 * 60_000;
const [filmId, film] = content.shortFilms.find(([id]) => id === 'glass-harvest')!;
const filmPath = `shortFilms/${filmId}`;
const [episodeId] = Object.entries(film.episodes).sort(([, a], [, b]) => a.episodeNumber - b.episodeNumber)[0]!;
const episodePath = `${filmPath}/episodes/${episodeId}`;

test.describe.configure({ mode: 'serial' });

const clockFile = join(mkdtempSync(join(tmpdir(), 'solenema-clock-')), 'offset');
/** Moves the site's clock to `ms` past real time. */
const setSiteClock = (ms: number) => new Promise((done) => (writeFileSync(clockFile, String(ms)), setTimeout(done, 300)));

let site: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  writeFileSync(clockFile, '0');
  site = await startSiteInstance(RENTAL_SITE_URL, {
    NODE_OPTIONS: `--require ${resolve('e2e/support/server-clock.cjs')}`,
    SERVER_CLOCK_FILE: clockFile,
  });
});
test.afterAll(() => stopServer(site));

test('a 48-hour rental plays from its first play until its length has passed on the server’s clock, then is refused with its own reason; buying it then costs the difference', async () => {
  test.setTimeout(120_000);
  const payer = Keypair.generate();
  await chainControl(CHAIN_URL).airdrop(payer.publicKey.toBase58(), 1_000_000_000);
  const renter = apiBuyer(RENTAL_SITE_URL, '203.0.113.71');
  const { checkout, paid } = await renter.pay(payer, filmPath, 'rent');
  expect(checkout).toMatchObject({ kind: 'rent', hours: 48, price: { currency: 'SOL', units: 20_000_000 } });
  expect(paid).toMatchObject({ kind: 'rent', hours: 48, price: { currency: 'SOL', units: 20_000_000 } });

  // Not started yet: it plays, and runs from the first play.
  expect((await renter.library()).rentals).toEqual([{ path: filmPath, hours: 48, startedAt: null, endsAt: expect.any(Number) }]);
  const first = await renter.link(episodePath);
  expect(first.status).toBe(200);
  const [rental] = (await renter.library()).rentals;
  expect(rental!.endsAt - rental!.startedAt!).toBe(48 * HOUR_MS);
  expect((await renter.library()).paths).toContain(filmPath);

  // Another browser, restored from the paying wallet an hour later, gets what is left: the same end, never a new 48 hours.
  await setSiteClock(HOUR_MS);
  const elsewhere = apiBuyer(RENTAL_SITE_URL, '203.0.113.72');
  expect((await elsewhere.restore(payer)).response.status).toBe(200);
  expect((await elsewhere.library()).rentals).toEqual([rental]);

  // Ten seconds before its end a link is bounded by it: no link outlives a rental.
  await setSiteClock(rental!.endsAt - Date.now() - 10_000);
  const last = await renter.link(episodePath);
  expect(last.status).toBe(200);
  const { url } = (await last.json()) as { url: string };
  expect((await renter.send(url)).status).toBeLessThan(300);

  // Past its end: the library no longer plays it, and the link, old or new, says why.
  await setSiteClock(rental!.endsAt - Date.now() + 10_000);
  expect((await renter.library()).paths).not.toContain(filmPath);
  const refused = await renter.link(episodePath);
  expect(refused.status).toBe(410);
  expect(((await refused.json()) as { error: string }).error).toMatch(/Your 2 days rental of .* ended on .*\. Rent it again or buy it\./);
  const expired = await renter.send(url);
  expect(expired.status).toBe(410);
  expect(((await expired.json()) as { error: string }).error).toMatch(/rental of this title has ended/);

  // Buying it charges what is left to pay: 0.06 SOL less the 0.02 SOL the rental cost. (Back on the chain's clock, which
  // stamps the payment: a checkout the site's moved clock started would be newer than any transaction.)
  await setSiteClock(0);
  const { checkout: upgrade, paid: owned } = await renter.pay(payer, filmPath, 'buy');
  expect(upgrade.price).toEqual({ currency: 'SOL', units: 40_000_000 });
  expect(owned).toMatchObject({ kind: 'buy', price: { currency: 'SOL', units: 40_000_000 } });
  expect((await renter.library()).paths).toContain(filmPath);
  expect((await renter.link(episodePath)).status).toBe(200);
});
