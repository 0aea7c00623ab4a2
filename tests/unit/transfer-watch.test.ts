import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeOfStatus, type ErrorCode } from '@/lib/errors';
import type { PaymentApiError } from '@/lib/payments/browser/api';
import { openTransfers, rememberTransfer } from '@/lib/payments/browser/pending';
import { pollDelay, watchTransfer } from '@/lib/payments/browser/transfer-watch';

/** localStorage as a browser keeps it, for the page's code running here in Node. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

const CHECKOUT = 'checkout-token';

/** Every poll of /api/payments/status hears this (status 0: the network is down). */
function statusAnswers(status: number, code: ErrorCode = codeOfStatus(status)) {
  const fetch = vi.fn(async () => {
    if (status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ error: `refused with ${status}`, code }), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Watches the QR dialog's checkout through two polls; what it was told, and whether it is still remembered. */
async function watchTwoPolls() {
  const refused: PaymentApiError[] = [];
  const stop = watchTransfer(CHECKOUT, Date.now(), { paid: () => {}, phase: () => {}, refused: (error) => refused.push(error) });
  await vi.advanceTimersByTimeAsync(pollDelay(0, 1) + 10);
  stop();
  return { refused, remembered: openTransfers().length === 1 };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.spyOn(console, 'error').mockImplementation(() => {});
  rememberTransfer({ checkout: CHECKOUT, path: 'trailers/c-vault', savedAt: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the QR dialog’s watch of a shown checkout', () => {
  it.each<[string, number, ErrorCode?]>([
    ['a planted cookie beside this one', 409, 'browser_conflict'],
    ['a rate limit', 429],
    ['an outage', 503],
    ['no network', 0],
    ['an unknown checkout (a server that lost a rotated key)', 400],
  ])('keeps the checkout and asks again through %s', async (_, status, code) => {
    const fetch = statusAnswers(status, code);
    const { refused, remembered } = await watchTwoPolls();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(refused).toEqual([]);
    expect(remembered).toBe(true);
  });

  it.each([403, 409, 410, 422])('keeps the checkout through a gateway’s %i that names no code of ours', async (status) => {
    const fetch = vi.fn(async () => new Response('Bad gateway page', { status }));
    vi.stubGlobal('fetch', fetch);
    const { refused, remembered } = await watchTwoPolls();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(refused).toEqual([]);
    expect(remembered).toBe(true);
  });

  it.each([403, 409, 410])('forgets the checkout on the server’s final verdict on it (%i), and asks no more', async (status) => {
    const fetch = statusAnswers(status);
    const { refused, remembered } = await watchTwoPolls();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(refused.map((error) => error.status)).toEqual([status]);
    expect(remembered).toBe(false);
  });
});
