/**
 * The studio spec's site (e2e/studio.spec.ts): buyers' wallets and events, and what the studio is compared with, the
 * ledger's own sales counted as the studio should count them.
 */

import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';
import { formatTitlePath, titleContaining } from '@/lib/catalog/kinds';
import { formatAmount } from '@/lib/catalog/pricing';
import type { Purchase } from '@/lib/payments/ledger/ledger';
import { saleKindOf, type SaleKind } from '@/lib/payments/reporting/sale-kind';
import { Keypair } from '@solana/web3.js';
import type { ApiBuyer } from './api-buyer';
import { chainControl } from './chain';
import { expect } from './offline';
import { CHAIN_URL, E2E_USDC_MINT, STUDIO_PROJECT_ID, STUDIO_SITE_URL } from './ports';

const chain = chainControl(CHAIN_URL);

export async function funded(usdc = false) {
  const payer = Keypair.generate();
  await chain.airdrop(payer.publicKey.toBase58(), 2_000_000_000);
  if (usdc) await chain.mintTo({ mint: E2E_USDC_MINT, owner: payer.publicKey.toBase58(), amount: 10_000_000 });
  return payer;
}

export const event = (who: ApiBuyer, path: string, name: 'dialog' | 'play' | 'complete') => who.send('/api/events', { path, event: name });

export const today = () => new Date().toISOString().slice(0, 10);

/** Every sale the studio site's ledger holds (only this spec writes its project). */
export async function ledgerSales(): Promise<Purchase[]> {
  const app = getApps().find((each) => each.name === 'e2e-studio') ?? initializeApp({ projectId: STUDIO_PROJECT_ID }, 'e2e-studio');
  const snapshot = await getFirestore(app).collection('purchases').get();
  return snapshot.docs.map((doc) => doc.data() as Purchase);
}

const METRIC: Record<SaleKind, 'purchases' | 'passes' | 'rentals'> = { purchase: 'purchases', pass: 'passes', rental: 'rentals' };
export type Expected = { purchases: number; passes: number; rentals: number; SOL: number; USDC: number };
export const none = (): Expected => ({ purchases: 0, passes: 0, rentals: 0, SOL: 0, USDC: 0 });

/** The ledger's sales per title (its tree), as the studio should count them. */
export function byTitle(sales: Purchase[]) {
  const titles = new Map<string, Expected>();
  for (const sale of sales) {
    const title = formatTitlePath(titleContaining(sale.path)!);
    const figures = titles.get(title) ?? none();
    figures[METRIC[saleKindOf(sale)]] += 1;
    figures[sale.price.currency] += sale.price.units;
    titles.set(title, figures);
  }
  return titles;
}

const amount = (currency: 'SOL' | 'USDC', units: number) => (units ? formatAmount({ currency, units }) : '—');
export const saleCells = (figures: Expected) => [
  String(figures.purchases),
  String(figures.passes),
  String(figures.rentals),
  // Of them in a Blink: every sale here was made on the site (e2e/blinks.spec.ts counts a Blink's).
  '0',
  amount('SOL', figures.SOL),
  amount('USDC', figures.USDC),
];
export const cellsOf = (page: Page, row: string) => page.locator(`${row} td`).allInnerTexts();

/** What a page of the studio sends a browser without a session, in every form: its HTML, its RSC payload, the export. */
export async function seenWithout(send: (path: string, headers?: Record<string, string>) => Promise<Response>) {
  const html = await (await send('/studio')).text();
  const rsc = await (await send('/studio', { RSC: '1' })).text();
  const exported = await send(`/api/studio/sales?from=${today()}&to=${today()}`);
  return { html, rsc, exported: { status: exported.status, body: await exported.text() } };
}

export function expectNoFigure(seen: Awaited<ReturnType<typeof seenWithout>>, signatures: string[]) {
  expect(seen.exported.status).toBe(401);
  for (const text of [seen.html, seen.rsc, seen.exported.body]) {
    expect(text).not.toContain('data-table');
    expect(text).not.toContain('By title');
    for (const signature of signatures) expect(text).not.toContain(signature);
  }
  expect(seen.html).toContain('Sign in to the studio');
}

export const plain = (url: string, cookie = '', headers: Record<string, string> = {}) => fetch(`${STUDIO_SITE_URL}${url}`, { headers: { cookie, ...headers } });
