import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeOfStatus, type ErrorCode } from '@/lib/errors';
import { finishLeftovers } from '@/lib/payments/browser/leftovers';
import { CHECKOUT_KEPT_MS } from '@/lib/payments/checkout/checkout-kept';
import { pendingPayments, savePending } from '@/lib/payments/browser/pending';

/** localStorage as a browser keeps it, for the page's code running here in Node. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

const SIGNATURE = '5'.repeat(88);
const paid = { path: 'trailers/c-vault', signature: SIGNATURE, lamports: 10_000_000, play: { path: 'trailers/c-vault', title: 'Vault' } };

/** The server's answer to /api/payments/verify, as fetch gives it (status 0: the network is down), with the code the route wrapper gives the status. */
function serverAnswers(status: number, code: ErrorCode = codeOfStatus(status)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (status === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(status === 200 ? paid : { error: `refused with ${status}`, code }), { status });
    }),
  );
}

const finish = async () => {
  const granted: unknown[] = [];
  await finishLeftovers((answer) => granted.push(answer));
  return granted;
};

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.spyOn(console, 'error').mockImplementation(() => {});
  savePending({ checkout: 'checkout-token', signature: SIGNATURE, path: 'trailers/c-vault', savedAt: Date.now() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('finishLeftovers: a Phantom payment signed but not yet verified', () => {
  it('is kept when the server has not found the transaction yet (404), and finished on a later load', async () => {
    serverAnswers(404);
    expect(await finish()).toEqual([]);
    expect(pendingPayments()).toHaveLength(1);
    serverAnswers(200);
    expect(await finish()).toEqual([paid]);
    expect(pendingPayments()).toEqual([]);
  });

  it.each([0, 429, 500, 502, 503])('is kept when the answer is %i: nothing was refused', async (status) => {
    serverAnswers(status);
    await finish();
    expect(pendingPayments()).toHaveLength(1);
  });

  it.each([403, 409, 410, 422])('is dropped on a refusal for good (%i)', async (status) => {
    serverAnswers(status);
    await finish();
    expect(pendingPayments()).toEqual([]);
  });

  it('is kept on an unknown checkout (400) while the server keeps it: a server that lost a rotated key answers that', async () => {
    serverAnswers(400);
    await finish();
    expect(pendingPayments()).toHaveLength(1);
  });

  it('is dropped on an unknown checkout (400) once the server no longer keeps it', async () => {
    savePending({ checkout: 'checkout-token', signature: SIGNATURE, path: 'trailers/c-vault', savedAt: Date.now() - CHECKOUT_KEPT_MS - 60_000 });
    serverAnswers(400);
    await finish();
    expect(pendingPayments()).toEqual([]);
  });

  it.each([403, 409, 410, 422])('is kept when a gateway answers %i without our code: only the server gives a verdict', async (status) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html><body>Forbidden by the edge</body></html>', { status, headers: { 'content-type': 'text/html' } })),
    );
    await finish();
    expect(pendingPayments()).toHaveLength(1);
  });

  it('is kept when the request reached the server without this browser’s cookie (401 unauthenticated)', async () => {
    serverAnswers(401, 'unauthenticated');
    await finish();
    expect(pendingPayments()).toHaveLength(1);
  });

  it('is kept when the browser sent a planted cookie beside its own (409 browser_conflict): the payment waits until it is gone', async () => {
    serverAnswers(409, 'browser_conflict');
    await finish();
    expect(pendingPayments()).toHaveLength(1);
  });

  it('is dropped when still not found a day after it was signed: it never landed', async () => {
    savePending({ checkout: 'checkout-token', signature: SIGNATURE, path: 'trailers/c-vault', savedAt: Date.now() - 25 * 60 * 60_000 });
    serverAnswers(404);
    await finish();
    expect(pendingPayments()).toEqual([]);
  });
});
