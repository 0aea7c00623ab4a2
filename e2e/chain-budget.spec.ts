import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import bs58 from 'bs58';
import { startLocalChain, type LocalChain } from './support/chain';
import { content } from './support/catalog';
import { expect, test } from './support/offline';
import { CHAIN_BUDGET_SITE_URL, E2E_PORTS } from './support/ports';
import { stopServer } from './support/processes';
import { openQrDialog } from './support/purchase';
import { startSiteInstance } from './support/site-instance';
import { payTransferRequest, scanQrCode } from './support/solana-pay-wallet';

/**
 * Issue 32's acceptance: one client cannot make the site's chain reads grow (docs/security.md,
 * "No client can multiply the chain calls"). The site runs on a chain of its own here, so every call
 * counted at that chain is this site's.
 */
const ATTACK_MS = 60_000;
const BROWSERS = 8;
const CHECKOUTS_PER_BROWSER = 4;
/** The acceptance: chain calls a minute the site may make while the attack runs. */
const CALLS_PER_MINUTE = 120;
/** Bounds each attacking browser's loop whatever the site answers (it answers most with 429 at once). */
const MAX_ROUNDS = 20_000;
const ATTACKER_ADDRESS = '198.51.100.32';
const [trailerId] = content.trailers.find(([, t]) => t.locked)!;
const trailerPath = `trailers/${trailerId}`;

test.describe.configure({ mode: 'serial' });

let chain: LocalChain | undefined;
let site: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  chain = await startLocalChain({ port: E2E_PORTS.chainBudgetChain });
  site = await startSiteInstance(CHAIN_BUDGET_SITE_URL, { SOLANA_RPC_URL: chain.url });
});
test.afterAll(async () => {
  stopServer(site);
  await chain?.stop();
});

/** A POST from the attacking client's pages (same origin, its one address), carrying `cookie`. */
const post = (path: string, body: object, cookie = '') =>
  fetch(`${CHAIN_BUDGET_SITE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: CHAIN_BUDGET_SITE_URL, 'x-forwarded-for': ATTACKER_ADDRESS, cookie },
    body: JSON.stringify(body),
  });

/** A browser of the attacker: its cookie, minted by its first checkout, and its checkouts. */
async function attackingBrowser() {
  let cookie = '';
  const checkouts: string[] = [];
  for (let n = 0; n < CHECKOUTS_PER_BROWSER; n += 1) {
    const response = await post('/api/checkout', { path: trailerPath }, cookie);
    expect(response.status).toBe(200);
    cookie ||= response.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');
    checkouts.push(((await response.json()) as { checkout: string }).checkout);
  }
  return { cookie, checkouts };
}

const madeUpSignature = () => bs58.encode(randomBytes(64));
const total = (calls: Record<string, number>) => Object.values(calls).reduce((sum, n) => sum + n, 0);

/** Polls status and posts made-up signatures as fast as the site answers, until `until`; tallies the answers by status. */
async function attack(browser: { cookie: string; checkouts: string[] }, until: number, answers: Map<number, number>) {
  for (let round = 0; round < MAX_ROUNDS && Date.now() < until; round += 1) {
    const checkout = browser.checkouts[round % browser.checkouts.length]!;
    const responses = await Promise.all([
      post('/api/payments/status', { checkout }, browser.cookie),
      post('/api/payments/verify', { checkout, signature: madeUpSignature() }, browser.cookie),
    ]);
    for (const response of responses) {
      answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
      await response.body?.cancel();
    }
  }
}

test('one client with 8 cookies and 32 checkouts polling for a minute: the site stays within 120 chain calls a minute, and a QR buyer meanwhile plays within 40 s', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const browsers = await Promise.all(Array.from({ length: BROWSERS }, attackingBrowser));
  const before = chain!.calls();
  const answers = new Map<number, number>();
  const until = Date.now() + ATTACK_MS;
  const attacking = Promise.all(browsers.map((browser) => attack(browser, until, answers)));

  const { dialog, qr } = await openQrDialog(page, `${CHAIN_BUDGET_SITE_URL}/watch/${trailerPath}`);
  await expect(qr).toBeVisible();
  await payTransferRequest(await scanQrCode(qr), {}, undefined, chain!.url);
  await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 40_000 });

  await attacking;
  const after = chain!.calls();
  const during = Object.fromEntries(Object.entries(after).map(([method, n]) => [method, n - (before[method] ?? 0)]));
  console.log(`[chain-budget] site's chain calls in ${ATTACK_MS / 1000} s: ${JSON.stringify(during)}; answers: ${JSON.stringify(Object.fromEntries(answers))}`);
  expect([...answers.keys()].filter((status) => status >= 500)).toEqual([]);
  expect(total(during) * (60_000 / ATTACK_MS)).toBeLessThanOrEqual(CALLS_PER_MINUTE);
  // The site read the cluster once, and no made-up signature was read as a transaction.
  expect(after.getGenesisHash ?? 0).toBeLessThanOrEqual(1);
  expect(during.getTransaction ?? 0).toBeLessThanOrEqual(5);
});
