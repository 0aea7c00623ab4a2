import { Connection, Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js';
import type { ActionGetResponse, ActionsJson, CompletedAction } from '@solana/actions-spec';
import bs58 from 'bs58';
import { content } from './support/catalog';
import { NOT_COUNTED } from './support/chain';
import { expect, test } from './support/offline';
import { createTestWallet, fundTestWallet } from './support/phantom/wallet';
import { CHAIN_URL, E2E_RECIPIENT, SITE_URL } from './support/ports';
import { ownedPaths, restoreInNewBrowser } from './support/purchase';

/**
 * Issue 54: a Blink client's walk through a locked title's Solana Action, on the shared local chain. The client is
 * another site (its Origin is not ours), as a Blink client unfurling a post is.
 */
const [trailerId, trailer] = content.trailers.find(([, t]) => t.locked)!;
const [freeId] = content.trailers.find(([, t]) => !t.locked)!;
const trailerPage = `/watch/trailers/${trailerId}`;
const BLINK_CLIENT = 'https://dial.to';
const PRICE_LAMPORTS = 10_000_000;

const asBlinkClient = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, SITE_URL), {
    ...init,
    headers: { origin: BLINK_CLIENT, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.54', ...init.headers },
  });
const post = (path: string, body: object) => asBlinkClient(path, { method: 'POST', body: JSON.stringify(body) });

/** The actions.json rule matching, as the spec has clients do it: `*` one path segment, the first rule that matches wins. */
function actionOfPage(rules: ActionsJson['rules'], pagePath: string): string | null {
  for (const { pathPattern, apiPath } of rules) {
    const pattern = new RegExp(`^${pathPattern.split('*').map(escape).join('([^/]+)')}$`);
    const match = pattern.exec(pagePath);
    if (!match) continue;
    let index = 0;
    return apiPath.replace(/\*/g, () => match[++index]!);
  }
  return null;
}
const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function expectActionHeaders(response: Response) {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-expose-headers')).toContain('X-Action-Version');
  expect(response.headers.get('x-action-version')).toBe('2.4');
  expect(response.headers.get('x-blockchain-ids')).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/);
}

test.describe('every locked title a Blink', () => {
  test('a Blink client resolves a title page to its action, pays exactly the page’s price, and the wallet’s restore plays it', async ({ browser }) => {
    test.setTimeout(120_000);
    const rules = await asBlinkClient('/actions.json');
    expect(rules.status).toBe(200);
    expectActionHeaders(rules);
    const apiPath = actionOfPage(((await rules.json()) as ActionsJson).rules, trailerPage);
    expect(apiPath).toBe(`/api/actions${trailerPage}`);
    expect(actionOfPage(((await (await asBlinkClient('/actions.json')).json()) as ActionsJson).rules, '/series/a/season/b')).toBe(
      '/api/actions/series/a/season/b',
    );

    const preflight = await asBlinkClient(apiPath!, { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expectActionHeaders(preflight);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Accept-Action-Version');

    const got = await asBlinkClient(apiPath!);
    expect(got.status).toBe(200);
    expectActionHeaders(got);
    const action = (await got.json()) as ActionGetResponse;
    expect(action).toMatchObject({ type: 'action', title: trailer.title, description: expect.any(String) });
    expect(new URL(action.icon).protocol).toMatch(/^https?:$/);
    const [button] = action.links!.actions;
    // Labelled as the page labels its offer.
    const page = await browser.newPage();
    await page.goto(trailerPage);
    await expect(page.getByText(button!.label).first()).toBeAttached();
    await page.close();
    expect(button).toMatchObject({ type: 'transaction', label: expect.stringContaining('0.01 SOL') });

    const payer = Keypair.generate();
    await fundTestWallet(CHAIN_URL, payer, 1_000_000_000);
    const pressed = await post(button!.href, { account: payer.publicKey.toBase58() });
    expect(pressed.status).toBe(200);
    expectActionHeaders(pressed);
    const answer = (await pressed.json()) as { type: string; transaction: string; message: string; links: { next: { type: string; href: string } } };
    expect(answer).toMatchObject({ type: 'transaction', message: expect.stringContaining(trailer.title), links: { next: { type: 'post' } } });
    const transaction = Transaction.from(Buffer.from(answer.transaction, 'base64'));
    const transfer = transaction.instructions.find((instruction) => instruction.programId.equals(SystemProgram.programId))!;
    expect(SystemInstruction.decodeTransfer(transfer)).toMatchObject({ toPubkey: new PublicKey(E2E_RECIPIENT), lamports: BigInt(PRICE_LAMPORTS) });
    // The checkout's reference: a key the transfer carries that neither signs nor is paid.
    expect(transfer.keys.filter(({ isSigner, isWritable }) => !isSigner && !isWritable)).toHaveLength(1);

    const wallet = new Connection(CHAIN_URL, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });
    transaction.partialSign(payer);
    const signature = await wallet.sendRawTransaction(transaction.serialize());
    expect(bs58.decode(signature)).toHaveLength(64);

    // links.next: the spec's completed action once the looks have found the payment.
    await expect
      .poll(
        async () => {
          const next = await post(answer.links.next.href, { account: payer.publicKey.toBase58(), signature });
          expectActionHeaders(next);
          return ((await next.json()) as CompletedAction).label;
        },
        { timeout: 30_000 },
      )
      .toBe('Yours: watch on Solenema');
    const completed = (await (await post(answer.links.next.href, { account: payer.publicKey.toBase58(), signature })).json()) as CompletedAction;
    expect(completed).toMatchObject({ type: 'completed', title: trailer.title, description: expect.stringContaining(`${SITE_URL}${trailerPage}`) });

    // Any browser with that wallet restores it and plays it; another wallet's gets nothing.
    const buyer = await restoreInNewBrowser(browser, payer);
    await expect(buyer.getByRole('dialog').getByRole('alert')).toContainText('Restored 1 purchase', { timeout: 30_000 });
    expect(await ownedPaths(buyer)).toEqual([`trailers/${trailerId}`]);
    expect((await buyer.request.get(`/api/playback?video=trailers/${trailerId}`)).status()).toBe(200);
    const stranger = await restoreInNewBrowser(browser, createTestWallet());
    await expect(stranger.getByRole('dialog').getByRole('alert')).toContainText(/No purchases found/, { timeout: 30_000 });
    expect(await ownedPaths(stranger)).toEqual([]);
    expect((await stranger.request.get(`/api/playback?video=trailers/${trailerId}`)).status()).toBe(403);
  });

  test('answers the spec’s errors: a free title disabled, an unknown one 404, a malformed account 400, each with a message', async () => {
    const free = await asBlinkClient(`/api/actions/watch/trailers/${freeId}`);
    expect(free.status).toBe(200);
    expect(await free.json()).toMatchObject({ disabled: true, error: { message: expect.stringContaining('free to watch') } });
    const pressedFree = await post(`/api/actions/watch/trailers/${freeId}?title=trailers/${freeId}&kind=buy`, {
      account: Keypair.generate().publicKey.toBase58(),
    });
    expect(pressedFree.status).toBe(409);
    expect(await pressedFree.json()).toMatchObject({ message: expect.stringContaining('free to watch') });

    for (const unknown of ['/api/actions/watch/trailers/no-such-title', '/api/actions/nowhere/at-all', '/api/actions/series/a/season']) {
      const missing = await asBlinkClient(unknown);
      expect(missing.status, unknown).toBe(404);
      expectActionHeaders(missing);
      expect(await missing.json()).toMatchObject({ message: expect.any(String) });
    }
    const malformed = await post(`/api/actions${trailerPage}?title=trailers/${trailerId}&kind=buy`, { account: 'not-a-wallet' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: expect.stringMatching(/account/) });
    const noOffer = await post(`/api/actions${trailerPage}`, { account: Keypair.generate().publicKey.toBase58() });
    expect(noOffer.status).toBe(400);
    expect(await noOffer.json()).toMatchObject({ message: expect.any(String) });
  });

  test('opens CORS to every origin on the action routes and actions.json only', async () => {
    for (const path of ['/api/entitlements', '/', trailerPage, '/api/restore/challenge']) {
      const answer = await asBlinkClient(path);
      expect(answer.headers.get('access-control-allow-origin'), path).not.toBe('*');
      expect(answer.headers.get('x-action-version'), path).toBeNull();
    }
  });
});
