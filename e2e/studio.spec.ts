import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Browser } from '@playwright/test';
import { decimalAmount } from '@/lib/catalog/pricing';
import { BROWSERS_COUNTED_PER_ADDRESS } from '@/lib/figures/daily';
import { saleKindOf } from '@/lib/payments/reporting/sale-kind';
import { apiBuyer, type ApiBuyer } from './support/api-buyer';
import { chainControl, NOT_COUNTED } from './support/chain';
import { clearFirestore } from './support/firestore-emulator';
import { e2eSiteEnv } from './support/global-setup';
import { expect, test } from './support/offline';
import { installPhantom } from './support/phantom/wallet';
import { openPurchase } from './support/purchase';
import { CHAIN_URL, DESKTOP, E2E_PORTS, E2E_USDC_MINT, PHONE, STUDIO_PROJECT_ID, STUDIO_SITE_URL } from './support/ports';
import { run, stopServer } from './support/processes';
import { startSiteInstance } from './support/site-instance';
import { funded, event, today, ledgerSales, type Expected, none, byTitle, saleCells, cellsOf, seenWithout, expectNoFigure, plain } from './support/studio-site';

/**
 * Issue 42's studio, on a site of its own (its Firestore project, its recipient, a clock the test moves): the recipient
 * wallet signs in through the Phantom stand-in and sees what sold, per title, day and currency, as the ledger has it,
 * the CSV line by line, the plays, and a payment whose browser never came back; every other wallet, a replayed
 * signature, a session of another browser and an expired one see no figure in the HTML, the RSC payload or any API.
 */
test.describe.configure({ mode: 'serial' });

const RECIPIENT = Keypair.fromSeed(new Uint8Array(32).fill(42));
/** A second studio wallet, named in STUDIO_WALLETS (the recipient may be a multisig that cannot sign). */
const DEPUTY = Keypair.fromSeed(new Uint8Array(32).fill(43));
const chain = chainControl(CHAIN_URL);
const wallet = new Connection(CHAIN_URL, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });

const ORBIT = 'trailers/orbit-of-wolves';
const SEASON = 'series/wild-frequencies/seasons/season-one';
const FILM = 'shortFilms/glass-harvest';
const ICE = 'documentaries/the-ice-archive';

const clockFile = join(mkdtempSync(join(tmpdir(), 'solenema-studio-clock-')), 'offset');
let site: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  writeFileSync(clockFile, '0');
  const env = { ...process.env, ...e2eSiteEnv, FIREBASE_PROJECT_ID: STUDIO_PROJECT_ID };
  await clearFirestore(`127.0.0.1:${E2E_PORTS.firestoreEmulator}`, STUDIO_PROJECT_ID);
  await run('npm', ['run', 'seed', '--silent'], env);
  // The recipient's USDC account (without one, USDC checkouts are refused).
  await chain.mintTo({ mint: E2E_USDC_MINT, owner: RECIPIENT.publicKey.toBase58(), amount: 1 });
  site = await startSiteInstance(STUDIO_SITE_URL, {
    FIREBASE_PROJECT_ID: STUDIO_PROJECT_ID,
    SOLANA_RECIPIENT: RECIPIENT.publicKey.toBase58(),
    STUDIO_WALLETS: DEPUTY.publicKey.toBase58(),
    NODE_OPTIONS: `--require ${resolve('e2e/support/server-clock.cjs')}`,
    SERVER_CLOCK_FILE: clockFile,
  });
});
test.afterAll(() => stopServer(site));

const buyer = (address: string) => apiBuyer(STUDIO_SITE_URL, address);

/** The studio as its operator sees it in a browser: the recipient signed in from `address`, its cookies in a context of their own. */
async function studioOf(browser: Browser, address: string) {
  const operator = buyer(address);
  expect((await operator.openStudio(RECIPIENT)).response.status).toBe(200);
  const studio = await browser.newContext({ viewport: DESKTOP });
  await studio.addCookies([...operator.cookies()].map(([name, value]) => ({ name, value, url: STUDIO_SITE_URL })));
  const view = await studio.newPage();
  await view.goto(`${STUDIO_SITE_URL}/studio`);
  return { studio, view };
}

let sold: string[] = [];
let unclaimed = '';
let stray = '';
let dust = '';

test('the recipient signs in with its wallet and sees what sold per title, day and currency as the ledger has it, the plays, the CSV line by line, and what was paid but never claimed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [a, b, c] = [buyer('203.0.113.121'), buyer('203.0.113.122'), buyer('203.0.113.123')];
  const [payerA, payerB, payerC] = await Promise.all([funded(), funded(true), funded()]);

  // Sales: a purchase and a season pass in SOL; a rental; a purchase in USDC.
  await event(a, ORBIT, 'dialog');
  await a.pay(payerA, ORBIT);
  await a.pay(payerA, SEASON);
  await b.pay(payerB, FILM, 'rent');
  await event(b, ICE, 'dialog');
  await b.pay(payerB, ICE);
  // Plays: once per browser, title and day, however often reported.
  for (const name of ['play', 'play', 'complete', 'complete'] as const) await event(a, ORBIT, name);
  await event(b, ORBIT, 'play');
  await event(b, FILM, 'play');

  // A buyer pays a checkout and never comes back; someone sends the recipient SOL naming no checkout (more than the
  // smallest price asked: not dust).
  const started = await c.checkout(ORBIT);
  unclaimed = await c.transfer(payerC, started);
  const tip = new Transaction({ feePayer: payerC.publicKey, ...(await wallet.getLatestBlockhash('confirmed')) }).add(
    SystemProgram.transfer({ fromPubkey: payerC.publicKey, toPubkey: new PublicKey(RECIPIENT.publicKey), lamports: 100_000_000 }),
  );
  tip.sign(payerC);
  stray = await wallet.sendRawTransaction(tip.serialize());
  // And a spammer's dust, far below any price asked: kept apart, folded.
  const speck = new Transaction({ feePayer: payerC.publicKey, ...(await wallet.getLatestBlockhash('confirmed')) }).add(
    SystemProgram.transfer({ fromPubkey: payerC.publicKey, toPubkey: new PublicKey(RECIPIENT.publicKey), lamports: 1_000 }),
  );
  speck.sign(payerC);
  dust = await wallet.sendRawTransaction(speck.serialize());

  const context = await browser.newContext({ viewport: DESKTOP });
  await installPhantom(context, RECIPIENT, { standard: true });
  const page = await context.newPage();
  await page.goto(`${STUDIO_SITE_URL}/studio`);
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in with Phantom' }).click();
  await expect(page.getByRole('heading', { name: 'What sold, what was watched' })).toBeVisible({ timeout: 20_000 });

  // The figures per title, today's and the totals equal the ledger's.
  const sales = await ledgerSales();
  sold = sales.map((sale) => sale.signature);
  expect(sales).toHaveLength(4);
  const expected = byTitle(sales);
  const watched: Record<string, { dialogs: number; checkouts: number; plays: number; completions: number }> = {
    [ORBIT]: { dialogs: 1, checkouts: 2, plays: 2, completions: 1 },
    'series/wild-frequencies': { dialogs: 0, checkouts: 1, plays: 0, completions: 0 },
    [FILM]: { dialogs: 0, checkouts: 1, plays: 1, completions: 0 },
    [ICE]: { dialogs: 1, checkouts: 1, plays: 0, completions: 0 },
  };
  for (const [title, figures] of expected) {
    const { dialogs, checkouts, plays, completions } = watched[title]!;
    const paid = figures.purchases + figures.passes + figures.rentals;
    expect(await cellsOf(page, `[data-table="titles"] tr[data-title="${title}"]`), title).toEqual([
      String(dialogs),
      String(checkouts),
      String(paid),
      String(plays),
      ...saleCells(figures),
      String(completions),
    ]);
  }
  const total = [...expected.values()].reduce((sum, figures) => {
    for (const key of Object.keys(sum) as (keyof Expected)[]) sum[key] += figures[key];
    return sum;
  }, none());
  expect(await cellsOf(page, `[data-table="days"] tr[data-day="${today()}"]`)).toEqual([...saleCells(total), '3', '1']);
  await expect(page.locator('[data-total="sales"] dd')).toHaveText('4');
  // Each sale links to its transaction.
  for (const sale of sales) {
    await expect(page.locator(`[data-table="sales"] tr[data-signature="${sale.signature}"] a`)).toHaveAttribute('href', new RegExp(`/tx/${sale.signature}`));
  }

  // The CSV: a line per sale, newest first, equal to the ledger's field by field.
  const exported = await page.request.get(`${STUDIO_SITE_URL}/api/studio/sales?from=${today()}&to=${today()}`);
  expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(exported.headers()['cache-control']).toContain('no-store');
  const text = await exported.text();
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  const rows = lines.map((line) =>
    line
      .slice(1, -1)
      .split('","')
      .map((cell) => cell.replaceAll('""', '"')),
  );
  expect(rows[0]).toEqual(['Time (UTC)', 'Title', 'Path', 'Sale', 'Channel', 'Amount', 'Currency', 'Paying wallet', 'Signature', 'Code']);
  const newestFirst = [...sales].sort((x, y) => y.verifiedAt.localeCompare(x.verifiedAt) || (x.signature < y.signature ? 1 : -1));
  expect(rows.slice(1).map(([time, , ...rest]) => [time, ...rest])).toEqual(
    newestFirst.map((sale) => [
      sale.verifiedAt.slice(0, 19).replace('T', ' '),
      sale.path,
      saleKindOf(sale),
      'Site',
      decimalAmount(sale.price),
      sale.price.currency,
      sale.wallet,
      sale.signature,
      sale.code ?? '',
    ]),
  );
  expect(rows.slice(1).every(([, name, path]) => name && name !== path)).toBe(true);

  // A checkout paid from two wallets (a QR scanned by two phones): credited once, the second listed with both signatures to refund.
  const d = buyer('203.0.113.124');
  const [payerD, payerE] = await Promise.all([funded(), funded()]);
  const twice = await d.checkout(FILM);
  const credited = await d.transfer(payerD, twice);
  expect((await d.verify(twice, credited)).status).toBe(200);
  const again = await d.transfer(payerE, twice);
  expect(await d.verify(twice, again)).toMatchObject({ status: 200, body: { signature: credited } });
  expect((await ledgerSales()).filter((sale) => sale.reference === twice.reference).map((sale) => sale.signature)).toEqual([credited]);
  const refund = page.locator(`[data-table="refunds"] tr[data-signature="${again}"]`);
  await expect(refund).toBeVisible({ timeout: 60_000 });
  await expect(refund).toHaveAttribute('data-credited', credited);
  await expect(refund).toContainText('Glass Harvest');
  await expect(refund).toContainText('0.06 SOL');
  await expect(refund.locator('a')).toHaveCount(2);
  await expect(page.locator(`[data-table="unclaimed"] tr[data-signature="${again}"]`)).toHaveCount(0);
  sold = [...sold, credited, again];

  // Found by the looks while the studio is open (it draws itself again every 15 s), within a minute.
  const waiting = page.locator(`[data-table="unclaimed"] tr[data-signature="${unclaimed}"]`);
  await expect(waiting).toBeVisible({ timeout: 60_000 });
  await expect(waiting).toContainText('Orbit of Wolves');
  await expect(waiting).toContainText('0.05 SOL');
  await expect(waiting).toContainText(`${payerC.publicKey.toBase58().slice(0, 4)}`);
  const apart = page.locator(`[data-table="strays"] tr[data-signature="${stray}"]`);
  await expect(apart).toBeVisible({ timeout: 60_000 });
  await expect(apart).toContainText('0.1 SOL');
  await expect(page.locator(`[data-table="unclaimed"] tr[data-signature="${stray}"]`)).toHaveCount(0);
  const folded = page.locator('details', { hasText: 'below the smallest price asked' });
  // The speck, and the token account's first unit of USDC the local chain minted to the recipient.
  await expect(folded.locator('summary')).toHaveText('2 transfers below the smallest price asked (dust)');
  await expect(page.locator(`[data-table="strays"] tr[data-signature="${dust}"]`)).toHaveCount(0);
  await folded.locator('summary').click();
  await expect(folded.locator(`[data-table="dust"] tr[data-signature="${dust}"]`)).toContainText('0.000001 SOL');
  // A claimed sale is never listed as waiting.
  for (const signature of sold) await expect(page.locator(`[data-table="unclaimed"] tr[data-signature="${signature}"]`)).toHaveCount(0);

  // The going-live checklist every checkout is held to: all of it holds on this site, USDC account included.
  const checklist = page.locator('ul[data-ready]');
  await expect(checklist).toHaveAttribute('data-ready', 'yes');
  for (const name of ['cluster', 'recipient', 'mint', 'usdc-account', 'explorer'])
    await expect(checklist.locator(`[data-check="${name}"]`)).toHaveAttribute('data-state', 'ok');

  // The page and its exports are the operator's alone.
  const response = await page.request.get(`${STUDIO_SITE_URL}/studio`);
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(response.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  for (const [name, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`studio-${name}.png`), fullPage: true });
  }
  await context.close();
});

test('a visitor’s own browser reports what the studio counts: a pay dialog opened, a free title played to its end', async ({ browser }) => {
  const SALT = 'documentaries/songs-from-the-salt-flats';
  const KELP = 'documentaries/beneath-the-kelp-canopy';
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: STUDIO_SITE_URL });
  const page = await context.newPage();
  const reported = (event: string, path: string) =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/events') && response.request().postDataJSON()?.event === event && response.request().postDataJSON()?.path === path,
    );

  const dialogReported = reported('dialog', SALT);
  const { dialog } = await openPurchase(page, 'Songs from the Salt Flats', 'Documentaries');
  expect((await dialogReported).status()).toBe(204);
  await dialog.getByRole('button', { name: 'Close purchase' }).click();

  const played = reported('play', KELP);
  const completed = reported('complete', KELP);
  await page.goto(`/watch/${KELP}`);
  await page.getByRole('button', { name: /^Free\b.*play Beneath the Kelp Canopy$/ }).click();
  expect((await played).status()).toBe(204);
  expect((await completed).status()).toBe(204);
  await context.close();

  const { studio, view } = await studioOf(browser, '203.0.113.125');
  // Dialogs, checkouts (the dialog's QR code starts one), paid, plays, the sale columns, completions.
  await expect.poll(() => cellsOf(view, `[data-table="titles"] tr[data-title="${SALT}"]`)).toEqual(['1', '1', '0', '0', ...saleCells(none()), '0']);
  await expect.poll(() => cellsOf(view, `[data-table="titles"] tr[data-title="${KELP}"]`)).toEqual(['0', '0', '0', '1', ...saleCells(none()), '1']);
  await studio.close();
});

test('a script posting 1,000 play reports with 100 fresh cookies from one address moves a title’s plays by the per-address bound at most; no request is a 5xx', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const JUNIPER = 'trailers/halfway-to-juniper';
  const SCRIPT = '203.0.113.150';
  const statuses: number[] = [];
  // A hundred browsers of one address, each asking for a cookie the ways the site gives one.
  const asks = [
    (who: ApiBuyer) => who.send('/api/checkout', { path: ORBIT }),
    (who: ApiBuyer) => who.send('/api/restore/challenge', { wallet: Keypair.generate().publicKey.toBase58() }),
    (who: ApiBuyer) => who.send('/api/studio/challenge', { wallet: RECIPIENT.publicKey.toBase58() }),
  ];
  const script = Array.from({ length: 100 }, () => buyer(SCRIPT));
  const limitedWhy = new Set<string>();
  for (const [i, who] of script.entries()) {
    const answer = await asks[i % asks.length]!(who);
    statuses.push(answer.status);
    if (answer.status === 429) limitedWhy.add(((await answer.json()) as { error: string }).error.replace(/ Try again .*/, ''));
  }
  const withCookie = script.filter((who) => who.cookies().has('solenema_browser'));
  // NEW_BROWSERS (lib/http/client-budgets.ts): 20 in 10 minutes per address.
  expect(withCookie.length).toBeLessThanOrEqual(20);
  expect([...limitedWhy]).toContain('Too many new browsers from this address (at most 20 in 10 minutes).');
  // A refused request (not a studio wallet) is given no cookie.
  const refused = buyer('203.0.113.151');
  expect((await refused.send('/api/studio/challenge', { wallet: Keypair.generate().publicKey.toBase58() })).status).toBe(403);
  expect(refused.cookies().has('solenema_browser')).toBe(false);

  // A thousand play reports, ten at a time, every browser of the script in turn (those without a cookie as the address).
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < 1_000) {
        const i = next++;
        statuses.push((await event(script[i % script.length]!, JUNIPER, 'play')).status);
      }
    }),
  );
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  // A viewer at another address still counts.
  expect((await event(buyer('203.0.113.152'), JUNIPER, 'play')).status).toBe(204);

  const { studio, view } = await studioOf(browser, '203.0.113.153');
  const played = async () => (await cellsOf(view, `[data-table="titles"] tr[data-title="${JUNIPER}"]`))[3];
  await expect.poll(async () => (await view.reload(), played())).toBe(String(BROWSERS_COUNTED_PER_ADDRESS + 1));
  // The studio says which figures browsers report and which the chain proves.
  await expect(view.locator('[data-total="plays"]')).toContainText('Reported by browsers');
  await expect(view.locator('[data-total="sales"]')).toContainText('Verified on chain');
  await expect(view.locator('[data-table="titles"] th[data-source="chain"]', { hasText: 'Paid' })).toBeVisible();
  await studio.close();
});

test('another wallet is refused in the browser and sees no figure', async ({ browser }) => {
  const context = await browser.newContext();
  await installPhantom(context, Keypair.generate(), { standard: true });
  const page = await context.newPage();
  await page.goto(`${STUDIO_SITE_URL}/studio`);
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in with Phantom' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('This wallet cannot open the studio');
  await page.reload();
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  expectNoFigure(await seenWithout((path, headers) => plain(path, cookie, headers)), [...sold, unclaimed]);
  await context.close();
});

test('a replayed signature, another browser’s session, a cross-site request and a non-studio wallet are refused; a STUDIO_WALLETS wallet opens it', async () => {
  const operator = buyer('203.0.113.131');
  const opened = await operator.openStudio(RECIPIENT);
  expect(opened.response.status).toBe(200);
  const setCookie = opened.response.headers.getSetCookie().find((line) => line.startsWith('solenema_studio='))!;
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Strict/i);
  expect((await operator.send(`/api/studio/sales?from=${today()}&to=${today()}`)).status).toBe(200);

  // The same signed answer again, here or from another browser.
  expect((await operator.send('/api/studio/session', opened.answer!)).status).toBe(409);
  const thief = buyer('203.0.113.132');
  await thief.send('/api/studio/challenge', { wallet: RECIPIENT.publicKey.toBase58() });
  expect((await thief.send('/api/studio/session', opened.answer!)).status).toBeGreaterThanOrEqual(400);

  // The operator's studio cookie, carried by another browser: bound to the browser that signed in.
  const studioCookie = operator.cookies().get('solenema_studio')!;
  const borrowed = [...thief.cookies()]
    .map(([name, value]) => `${name}=${value}`)
    .concat(`solenema_studio=${studioCookie}`)
    .join('; ');
  expectNoFigure(await seenWithout((path, headers) => plain(path, borrowed, headers)), [...sold, unclaimed]);

  // A page on another site cannot ask for a challenge or a session.
  const crossSite = await fetch(`${STUDIO_SITE_URL}/api/studio/challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    body: JSON.stringify({ wallet: RECIPIENT.publicKey.toBase58() }),
  });
  expect(crossSite.status).toBe(403);

  // Not a studio wallet: refused before anything is signed.
  const stranger = await buyer('203.0.113.133').openStudio(Keypair.generate());
  expect(stranger.response.status).toBe(403);
  expect(await stranger.response.json()).toMatchObject({ code: 'forbidden', error: expect.stringContaining('STUDIO_WALLETS') });

  const deputy = buyer('203.0.113.134');
  expect((await deputy.openStudio(DEPUTY)).response.status).toBe(200);
  expect(await (await deputy.send('/studio')).text()).toContain('data-table="titles"');
});

test('an expired session shows the sign-in again and every studio API refuses it', async () => {
  const operator = buyer('203.0.113.141');
  expect((await operator.openStudio(RECIPIENT)).response.status).toBe(200);
  expect(await (await operator.send('/studio')).text()).toContain('data-table="titles"');
  // An hour and a minute later on the server's clock (STUDIO_SESSION_SECONDS is an hour).
  writeFileSync(clockFile, String(61 * 60_000));
  await new Promise((done) => setTimeout(done, 300));
  const cookie = [...operator.cookies()].map(([name, value]) => `${name}=${value}`).join('; ');
  expectNoFigure(await seenWithout((path, headers) => plain(path, cookie, headers)), [...sold, unclaimed]);
  writeFileSync(clockFile, '0');
});
