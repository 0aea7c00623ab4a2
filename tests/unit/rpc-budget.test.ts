import { Connection } from '@solana/web3.js';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { spend } from '@/lib/http/limiter';
import { budgetedFetch, RpcBudgetSpent } from '@/lib/payments/chain/rpc';

/** A JSON-RPC endpoint that answers getSlot, counting the calls that reached it. */
function fakeRpc() {
  const reached = { calls: 0 };
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    reached.calls += 1;
    const { id } = JSON.parse(String(init?.body)) as { id: string };
    return Response.json({ jsonrpc: '2.0', id, result: 42 });
  };
  return { reached, fetch };
}

describe('budgetedFetch: a global cap on RPC calls per minute', () => {
  it('lets calls through while the shared budget lasts, then refuses without reaching the RPC', async () => {
    const budget = new RateLimiterMemory({ points: 3, duration: 60 });
    const rpc = fakeRpc();
    const connection = new Connection('http://rpc.test', { fetch: budgetedFetch(async () => (await spend(budget, 'all')).ok, rpc.fetch) });
    for (let i = 0; i < 3; i += 1) expect(await connection.getSlot()).toBe(42);
    // web3.js wraps the thrown error; what matters is that it fails at once and the RPC never hears of it.
    await expect(connection.getSlot()).rejects.toThrow(/budget of this minute is spent/);
    expect(rpc.reached.calls).toBe(3);
  });

  it('is one budget for every caller: two connections (two routes, fresh references) share it', async () => {
    const budget = new RateLimiterMemory({ points: 2, duration: 60 });
    const take = async () => (await spend(budget, 'all')).ok;
    const rpc = fakeRpc();
    const [a, b] = [
      new Connection('http://rpc.test', { fetch: budgetedFetch(take, rpc.fetch) }),
      new Connection('http://rpc.test', { fetch: budgetedFetch(take, rpc.fetch) }),
    ];
    await a.getSlot();
    await b.getSlot();
    await expect(a.getSlot()).rejects.toThrow();
    await expect(b.getSlot()).rejects.toThrow();
    expect(rpc.reached.calls).toBe(2);
  });

  it('throws its own error type, not a 429 answer that web3.js would retry', async () => {
    const refuse = budgetedFetch(
      async () => false,
      () => Promise.reject(new Error('must not be called')),
    );
    await expect(refuse('http://rpc.test')).rejects.toBeInstanceOf(RpcBudgetSpent);
  });
});
