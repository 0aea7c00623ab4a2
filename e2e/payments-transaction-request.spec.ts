import type { ChildProcess } from 'node:child_process';
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Connection,
  Keypair,
  sendAndConfirmRawTransaction,
  SystemInstruction,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type PublicKey,
} from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import type { BrowserContext, Page } from '@playwright/test';
import { WebSocket } from 'ws';
import type { TransactionRequestAnswer } from '@/lib/payments/contract';
import { MEMO_PROGRAM_ID } from '@/lib/payments/checkout/payment-transaction';
import { content } from './support/catalog';
import { NOT_COUNTED, startLocalChain, type LocalChain } from './support/chain';
import { expect, test } from './support/offline';
import { createTestWallet, installPhantom, phantomState, setPhantom } from './support/phantom/wallet';
import { CHAIN_URL, E2E_PORTS, E2E_RECIPIENT, TRANSACTION_SITE_URL } from './support/ports';
import { stopServer } from './support/processes';
import { openPurchaseOnPage, ownedPaths, purchaseDialog } from './support/purchase';
import { startSiteInstance } from './support/site-instance';
import { askTransactionAnswer, payRequest, referenceOf, scanQrCode, transactionLinkOf } from './support/solana-pay-wallet';

/**
 * Issue 51's acceptance: the QR is a transaction request the site builds (blockhash, unit price, exact price, reference,
 * memo) and the Phantom button signs the same; a wallet's own instructions and version 1 transactions are credited;
 * a blockhash that expires while the buyer signs gets a fresh transaction. On a chain of its own (its blockhash is
 * expired and its fees set here, which would trip other specs' payments), with the browsers' RPC routed to it.
 */
test.describe.configure({ mode: 'serial' });

const [trailerId, trailer] = content.trailers.find(([, t]) => t.locked)!;
const trailerPage = `${TRANSACTION_SITE_URL}/watch/trailers/${trailerId}`;
const PRICE_LAMPORTS = 10_000_000;
/** What recent slots ask on this chain: the site's transactions pay it (within its floor and ceiling). */
const UNIT_PRICE = 50_000;

let chain: LocalChain | undefined;
let site: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  chain = await startLocalChain({ port: E2E_PORTS.transactionChain });
  chain.ledger.setPriorityFee(UNIT_PRICE);
  site = await startSiteInstance(TRANSACTION_SITE_URL, { SOLANA_RPC_URL: chain.url });
});
test.afterAll(async () => {
  stopServer(site);
  await chain?.stop();
});

const walletConnection = () => new Connection(chain!.url, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });

/** The browsers' RPC (the build's, the shared chain) sent to this spec's chain, its websocket too. */
async function onThisChain(context: BrowserContext) {
  const shared = new URL(CHAIN_URL);
  await context.route(
    (url) => url.origin === shared.origin,
    (route) => route.continue({ url: route.request().url().replace(shared.origin, chain!.url) }),
  );
  // Playwright connects a routed socket only to its own URL: this one is relayed to the spec's chain by hand.
  await context.routeWebSocket(`ws://${shared.hostname}:${Number(shared.port) + 1}/`, (socket) => {
    const upstream = new WebSocket(chain!.wsUrl);
    const early: string[] = [];
    upstream.on('open', () => early.splice(0).forEach((message) => upstream.send(message)));
    upstream.on('message', (data) => socket.send(String(data)));
    socket.onMessage((message) => (upstream.readyState === WebSocket.OPEN ? upstream.send(String(message)) : early.push(String(message))));
    socket.onClose(() => upstream.close());
  });
}

async function funded(wallet = Keypair.generate()) {
  await chain!.airdrop(wallet.publicKey.toBase58(), 1_000_000_000);
  return wallet;
}

/** Opens the trailer's pay dialog in a browser on this chain, with a Phantom stand-in of `wallet` if given; answers the dialog and its QR's URL. */
async function openDialog(page: Page, wallet?: Keypair) {
  await onThisChain(page.context());
  if (wallet) await installPhantom(page.context(), wallet);
  const dialog = await openPurchaseOnPage(page, trailerPage);
  const qr = dialog.getByRole('img', { name: /Solana Pay QR code/ });
  await expect(qr).toBeVisible();
  return { dialog, url: await scanQrCode(qr) };
}

const unlocked = (page: Page) => expect(purchaseDialog(page).locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 40_000 });

/** The instruction of `program` in `transaction`, decoded by `decode`. */
function only<T>(transaction: Transaction, program: PublicKey, decode: (ix: TransactionInstruction) => T | null): T[] {
  return transaction.instructions.filter((ix) => ix.programId.equals(program)).flatMap((ix) => [decode(ix)].filter((value): value is T => value !== null));
}

test('the QR is a transaction request: the site builds a transaction with a live blockhash, the cluster’s unit price, the exact price and the reference; paid, it unlocks', async ({
  page,
}) => {
  const { dialog, url } = await openDialog(page);
  await expect(dialog.getByTestId('purchase-price')).toHaveText('0.01 SOL');
  const link = transactionLinkOf(url)!;
  const named = await fetch(link);
  expect(named.headers.get('access-control-allow-origin')).toBe('*');
  expect(await named.json()).toEqual({ label: 'Solenema', icon: expect.stringMatching(/\/icon\.svg$/) });

  const payer = await funded();
  const answer = await askTransactionAnswer(link, payer.publicKey.toBase58());
  const transaction = Transaction.from(Buffer.from(answer.transaction, 'base64'));
  expect(transaction.feePayer?.toBase58()).toBe(payer.publicKey.toBase58());
  expect(transaction.recentBlockhash).toBe(answer.blockhash);
  expect((await walletConnection().isBlockhashValid(answer.blockhash)).value).toBe(true);

  const budget = only(transaction, ComputeBudgetProgram.programId, (ix) => ({ type: ComputeBudgetInstruction.decodeInstructionType(ix), ix }));
  const price = budget.find(({ type }) => type === 'SetComputeUnitPrice')!;
  expect(Number(ComputeBudgetInstruction.decodeSetComputeUnitPrice(price.ix).microLamports)).toBe(UNIT_PRICE);
  const limit = budget.find(({ type }) => type === 'SetComputeUnitLimit')!;
  expect(ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit.ix).units).toBeLessThan(5_000);

  const transfers = only(transaction, SystemProgram.programId, (ix) => ({ transfer: SystemInstruction.decodeTransfer(ix), keys: ix.keys }));
  expect(transfers).toHaveLength(1);
  expect(transfers[0]!.transfer.toPubkey.toBase58()).toBe(E2E_RECIPIENT);
  expect(Number(transfers[0]!.transfer.lamports)).toBe(PRICE_LAMPORTS);
  expect(transfers[0]!.keys.map((key) => key.pubkey.toBase58())).toContain(referenceOf(url));
  const memo = only(transaction, MEMO_PROGRAM_ID, (ix) => ix.data.toString('utf8'));
  expect(memo).toEqual([expect.stringContaining(`Solenema order ${referenceOf(url).slice(0, 8)}: Unlock ${trailer.title}`)]);

  transaction.sign(payer);
  await sendAndConfirmRawTransaction(walletConnection(), transaction.serialize(), { commitment: 'confirmed' });
  await unlocked(page);
  // Paid, the checkout builds nothing more: a second payment would only be a refund to make.
  const again = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: payer.publicKey.toBase58() }),
  });
  expect(again.status).toBe(409);
  expect(((await again.json()) as { message: string }).message).toMatch(/already paid/);
});

test('a QR payment sent in version 1 unlocks within 40 s, and a restore in another browser finds it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { url } = await openDialog(page);
  const wallet = await funded(createTestWallet());
  await payRequest(url, {}, wallet, chain!.url, { version1: true });
  await unlocked(page);

  const context = await browser.newContext();
  await onThisChain(context);
  await installPhantom(context, wallet);
  const fresh = await context.newPage();
  await fresh.goto(`${TRANSACTION_SITE_URL}/solenema-wallet`);
  await fresh.getByRole('button', { name: 'Restore my purchases' }).click();
  await expect(fresh.getByRole('dialog').getByRole('alert')).toContainText('Restored 1 purchase', { timeout: 30_000 });
  expect(await ownedPaths(fresh, TRANSACTION_SITE_URL)).toEqual([`trailers/${trailerId}`]);
  await context.close();
});

test('a transfer to which the wallet adds its own ComputeBudget and Memo instructions unlocks', async ({ page }) => {
  const { dialog } = await openDialog(page);
  const transferUrl = (await dialog.getByRole('link', { name: /transfer request/ }).getAttribute('href'))!;
  const payer = await funded();
  const request = parseURL(transferUrl) as TransferRequestURL;
  const connection = walletConnection();
  const built = await createTransfer(connection, payer.publicKey, { ...request, amount: request.amount! });
  const transaction = new Transaction({ feePayer: payer.publicKey, ...(await connection.getLatestBlockhash('confirmed')) }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: 20_000 }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 7 }),
    ...built.instructions,
    new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('sent from my wallet', 'utf8') }),
  );
  transaction.sign(payer);
  await sendAndConfirmRawTransaction(connection, transaction.serialize(), { commitment: 'confirmed' });
  await unlocked(page);
});

/** The transactions the site built for this page, as its pay route answered them. */
function builtFor(page: Page) {
  const built: { asked: { account: string; expired?: string }; answer: Promise<TransactionRequestAnswer> }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/api\/pay\//.test(request.url())) return;
    built.push({
      asked: request.postDataJSON() as { account: string },
      answer: request.response().then((response) => response!.json() as Promise<TransactionRequestAnswer>),
    });
  });
  return built;
}

/** Whether `signature` (base58) is the wallet's signature of exactly the message the site built. */
const signsBuilt = (answer: TransactionRequestAnswer, signature: string, wallet: Keypair) =>
  nacl.sign.detached.verify(Transaction.from(Buffer.from(answer.transaction, 'base64')).serializeMessage(), bs58.decode(signature), wallet.publicKey.toBytes());

test('the Phantom button signs the transaction the site built, the same builder as the QR', async ({ page }) => {
  const wallet = await funded(createTestWallet());
  const built = builtFor(page);
  const { dialog } = await openDialog(page, wallet);
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
  await unlocked(page);
  expect(built.map(({ asked }) => asked)).toEqual([{ account: wallet.publicKey.toBase58() }]);
  const [signature] = (await phantomState(page)).signatures;
  expect(signsBuilt(await built[0]!.answer, signature!, wallet)).toBe(true);
  expect((await walletConnection().getSignatureStatus(signature!)).value?.confirmationStatus).toMatch(/confirmed|finalized/);
});

test('a blockhash that expires while the buyer approves gets a fresh transaction, said so, and only that one is paid', async ({ page }) => {
  const wallet = await funded(createTestWallet());
  const built = builtFor(page);
  const { dialog } = await openDialog(page, wallet);
  await dialog.getByRole('button', { name: 'Connect Phantom Wallet' }).click();
  // The buyer takes 6 s to approve; the blockhash expires meanwhile (the site reads a newer one after 5 s at most).
  await setPhantom(page, { signDelayMs: 6_000 });
  await dialog.getByRole('button', { name: 'Pay to Watch' }).click();
  await expect.poll(() => built.length).toBe(1);
  const first = await built[0]!.answer;
  chain!.ledger.expireBlockhash();

  await expect(dialog.getByRole('status').filter({ hasText: 'expired before it was sent, and nothing was charged' })).toBeVisible({ timeout: 15_000 });
  await unlocked(page);
  expect(built.map(({ asked }) => asked)).toEqual([
    { account: wallet.publicKey.toBase58() },
    { account: wallet.publicKey.toBase58(), expired: first.blockhash },
  ]);
  const second = await built[1]!.answer;
  expect(second.blockhash).not.toBe(first.blockhash);
  expect(second.message).toMatch(/A fresh transaction/);
  const [expired, paid] = (await phantomState(page)).signatures;
  expect(signsBuilt(first, expired!, wallet) && signsBuilt(second, paid!, wallet)).toBe(true);
  const connection = walletConnection();
  expect((await connection.getSignatureStatus(expired!, { searchTransactionHistory: true })).value).toBeNull();
  expect((await connection.getSignatureStatus(paid!)).value?.err).toBeNull();
});
