import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Two first requests at once (a cookieless QR checkout and a Pay click): each would be given its own id,
 * the last cookie set would win, and the other checkout would be "started in another browser". The page
 * sends a request that may give it an id only once it holds one.
 */
interface Sent {
  url: string;
  answer: (status: number) => void;
}

let sent: Sent[];
beforeEach(() => {
  sent = [];
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          sent.push({ url, answer: (status) => resolve(new Response(JSON.stringify(status === 200 ? {} : { error: 'no', code: 'unavailable' }), { status })) });
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const api = () => import('@/lib/payments/browser/api');
/** Lets the page's promises run: what it sends next is then in `sent`. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a page without an id yet', () => {
  it('sends one request that may give it an id at a time, until one has answered', async () => {
    const { requestCheckout, requestRestoreChallenge } = await api();
    const qr = requestCheckout('trailers/a', 'buy');
    const pay = requestCheckout('trailers/a', 'buy');
    const restore = requestRestoreChallenge('wallet');
    await settle();
    expect(sent.map(({ url }) => url)).toEqual(['/api/checkout']);
    sent[0]!.answer(200);
    await qr;
    await settle();
    // The first answer set the cookie: the others now carry it, and go at once.
    expect(sent.map(({ url }) => url)).toEqual(['/api/checkout', '/api/checkout', '/api/restore/challenge']);
    sent[1]!.answer(200);
    sent[2]!.answer(200);
    await Promise.all([pay, restore]);
  });

  it('waits on after a refused first request (it set no cookie), and never holds back what follows an answer', async () => {
    const { requestCheckout } = await api();
    const first = requestCheckout('trailers/a', 'buy').catch((error: unknown) => error);
    const second = requestCheckout('trailers/a', 'buy');
    const third = requestCheckout('trailers/a', 'buy');
    await settle();
    sent[0]!.answer(503);
    expect(await first).toMatchObject({ code: 'unavailable' });
    await settle();
    expect(sent).toHaveLength(2);
    sent[1]!.answer(200);
    await second;
    await settle();
    expect(sent).toHaveLength(3);
    sent[2]!.answer(200);
    await third;
    const [later, again] = [requestCheckout('trailers/b', 'buy'), requestCheckout('trailers/c', 'buy')];
    await settle();
    expect(sent).toHaveLength(5);
    sent[3]!.answer(200);
    sent[4]!.answer(200);
    await Promise.all([later, again]);
  });
});
