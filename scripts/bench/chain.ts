/**
 * What one client's junk costs the site, against `next start` on the bench's stack (Google's emulator, the local
 * chain): 1, 10 and 100 browser cookies held by one address (X-Forwarded-For, TRUSTED_PROXY_HOPS=1), each with two
 * checkouts, every 1.5 s polling a checkout's status, naming a malformed signature and a real transaction of someone
 * else's to verify, asking for its library and for a locked title's playback link. Issue 40: the chain calls and the
 * Firestore reads a minute stay flat, whatever the number of cookies (measured once each junk checkout was asked
 * about: its stored checkout is read once).
 */
import { Keypair } from '@solana/web3.js';
import { chainControl } from '../../e2e/support/chain/control';
import { PAYMENTS_LOOK_MS } from '../../lib/payments/chain/look-intervals';
import { DEFAULT_LOOK_TERMS } from '../../lib/payments/chain/payment-watch';
import { FEE_MARKET_CALLS_PER_MINUTE } from '../../lib/payments/checkout/fee-market';
import { CHAIN_URL, LOAD } from './config';
import type { Stack } from './stack';

export interface ChainCalls {
  cookies: number;
  callsPerMinute: number;
  /** Chain calls a minute of each method. */
  byMethod: Record<string, number>;
  readsPerMinute: number;
  /** Answers by status, all kinds of request together. */
  answers: Record<string, number>;
}

const COOKIE_COUNTS = [1, 10, 100];
/** Measured once every junk checkout has been asked about (its stored checkout is read once): the steady cost. */
const MEASURED_MS = 45_000;
const POLL_MS = 1_500;
const ATTACKER = '198.51.100.40';

/** What the looks allow whatever the traffic: their calls per look, one look per interval. */
export const CHAIN_CALLS_CEILING = (60_000 / PAYMENTS_LOOK_MS) * DEFAULT_LOOK_TERMS.callsPerLook;
/**
 * With checkouts open and wallets asking for their transactions: the looks, the fee market's reads (blockhash, priority
 * fees, a fresh blockhash for an expired one) and the going-live checklist's (a few accounts, every minute at most).
 */
export const OPEN_CHECKOUTS_CEILING = CHAIN_CALLS_CEILING + FEE_MARKET_CALLS_PER_MINUTE + 3;
const OPEN_CHECKOUTS = 100;
/** How often each open checkout's wallet asks for its transaction (a scan, a Phantom click, an expired blockhash). */
const ASK_TRANSACTION_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const perMinute = (n: number, ms: number) => Math.round((n * 60_000) / ms);

/**
 * 100 buyers with a checkout open each, as real traffic: every 1.5 s each dialog asks whether it is paid, and every 10 s
 * each buyer's wallet asks the transaction request for its transaction (half of them naming the blockhash expired).
 * Issue 51: the chain calls a minute, priority-fee and blockhash reads included, stay within the looks' budget plus the
 * fee market's fixed reads, not a call per buyer.
 */
export async function measureOpenCheckouts(stack: Stack): Promise<ChainCalls> {
  const chain = chainControl(CHAIN_URL);
  const answers = new Map<string, number>();
  const send = async (path: string, address: string, cookie: string, body?: object) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', origin: stack.url, 'x-forwarded-for': address, cookie },
      body: body && JSON.stringify(body),
    });
    answers.set(String(response.status), (answers.get(String(response.status)) ?? 0) + 1);
    return response;
  };
  const buyers = await Promise.all(
    Array.from({ length: OPEN_CHECKOUTS }, async (_, n) => {
      const address = `10.51.${n >> 8}.${n & 255}`;
      const started = await send('/api/checkout', address, '', { path: LOAD.lockedPath });
      if (!started.ok) throw new Error(`checkout answered ${started.status}`);
      const cookie = started.headers
        .getSetCookie()
        .map((set) => set.split(';')[0])
        .join('; ');
      const { checkout, reference } = (await started.json()) as { checkout: string; reference: string };
      return { address, cookie, checkout, reference, account: Keypair.generate().publicKey.toBase58() };
    }),
  );
  const [callsBefore, readsBefore, started] = [await chain.calls(), (await stack.reads()).reads, Date.now()];
  const until = started + MEASURED_MS;
  let lastBlockhash: string | undefined;
  const traffic = Promise.all(
    buyers.map(async ({ address, cookie, checkout, reference, account }, n) => {
      await sleep(Math.random() * ASK_TRANSACTION_MS);
      for (let round = 0; Date.now() < until; round += 1) {
        const asks = [send('/api/payments/status', address, cookie, { checkout })];
        if (round % Math.round(ASK_TRANSACTION_MS / POLL_MS) === 0) {
          const expired = n % 2 === 0 ? lastBlockhash : undefined;
          asks.push(
            send(`/api/pay/${reference}`, address, '', { account, ...(expired && { expired }) }).then(async (response) => {
              if (response.ok) lastBlockhash = ((await response.clone().json()) as { blockhash: string }).blockhash;
              return response;
            }),
          );
        }
        await Promise.all(asks.map(async (ask) => (await ask).body?.cancel()));
        await sleep(POLL_MS);
      }
    }),
  );
  await sleep(until - Date.now());
  const [calls, reads, ms] = [await chain.calls(), (await stack.reads()).reads - readsBefore, Date.now() - started];
  await traffic;
  const byMethod = Object.fromEntries(
    Object.entries(calls)
      .map(([method, n]) => [method, perMinute(n - (callsBefore[method] ?? 0), ms)] as const)
      .filter(([, n]) => n > 0),
  );
  return {
    cookies: OPEN_CHECKOUTS,
    callsPerMinute: Object.values(byMethod).reduce((sum, n) => sum + n, 0),
    byMethod,
    readsPerMinute: perMinute(reads, ms),
    answers: Object.fromEntries(answers),
  };
}

export async function measureChainCalls(stack: Stack): Promise<ChainCalls[]> {
  const chain = chainControl(CHAIN_URL);
  // Real transactions of other people (airdrops to strangers), as anyone can copy them off an explorer.
  const foreign = await Promise.all(Array.from({ length: 50 }, () => chain.airdrop(Keypair.generate().publicKey.toBase58(), 1_000_000)));
  const figures: ChainCalls[] = [];
  for (const cookies of COOKIE_COUNTS) figures.push(await junkFrom(stack, chain, cookies, foreign));
  return figures;
}

async function junkFrom(stack: Stack, chain: ReturnType<typeof chainControl>, count: number, foreign: string[]): Promise<ChainCalls> {
  const send = (path: string, cookie: string, address: string, body?: object) =>
    fetch(`${stack.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', origin: stack.url, 'x-forwarded-for': address, cookie },
      body: body && JSON.stringify(body),
    });
  // Cookies are free: each is minted by a checkout from an address of its own, then all are used from one.
  const browsers = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const minted = await send('/api/checkout', '', `10.40.${n >> 8}.${n & 255}`, { path: LOAD.lockedPath });
      if (!minted.ok) throw new Error(`checkout answered ${minted.status}`);
      const cookie = minted.headers
        .getSetCookie()
        .map((set) => set.split(';')[0])
        .join('; ');
      const first = ((await minted.json()) as { checkout: string }).checkout;
      const second = await send('/api/checkout', cookie, ATTACKER, { path: LOAD.lockedPath });
      return { cookie, checkouts: [first, ((await second.json()) as { checkout: string }).checkout] };
    }),
  );
  const answers = new Map<string, number>();
  const tally = async (response: Promise<Response>) => {
    const status = String((await response).status);
    answers.set(status, (answers.get(status) ?? 0) + 1);
    await (await response).body?.cancel();
  };
  // Each checkout asked about once: the one read of its stored checkout is its cost, not a minute's.
  await Promise.all(
    browsers.flatMap(({ cookie, checkouts }) => checkouts.map((checkout) => tally(send('/api/payments/status', cookie, ATTACKER, { checkout })))),
  );
  const [callsBefore, readsBefore, started] = [await chain.calls(), (await stack.reads()).reads, Date.now()];
  const until = started + MEASURED_MS;
  const junk = Promise.all(
    browsers.map(async ({ cookie, checkouts }, n) => {
      await sleep(Math.random() * POLL_MS);
      for (let round = 0; Date.now() < until; round += 1) {
        const checkout = checkouts[round % checkouts.length]!;
        await Promise.all([
          tally(send('/api/payments/status', cookie, ATTACKER, { checkout })),
          tally(send('/api/payments/verify', cookie, ATTACKER, { checkout, signature: '2'.repeat(64) })),
          tally(send('/api/payments/verify', cookie, ATTACKER, { checkout, signature: foreign[(n + round) % foreign.length] })),
          tally(send('/api/entitlements', cookie, ATTACKER)),
          tally(send(`/api/playback?video=${encodeURIComponent(LOAD.lockedPath)}`, cookie, ATTACKER)),
        ]);
        await sleep(POLL_MS);
      }
    }),
  );
  // Measured until the junk stops, not until its last answers come (a verification waits a few seconds).
  await sleep(until - Date.now());
  const [calls, reads, ms] = [await chain.calls(), (await stack.reads()).reads - readsBefore, Date.now() - started];
  await junk;
  const byMethod = Object.fromEntries(
    Object.entries(calls)
      .map(([method, n]) => [method, perMinute(n - (callsBefore[method] ?? 0), ms)] as const)
      .filter(([, n]) => n > 0),
  );
  return {
    cookies: count,
    callsPerMinute: Object.values(byMethod).reduce((sum, n) => sum + n, 0),
    byMethod,
    readsPerMinute: perMinute(reads, ms),
    answers: Object.fromEntries(answers),
  };
}
