import 'server-only';
import { join } from 'node:path';
import { firstVideo } from '../../catalog';
import type { Amount } from '../../catalog/pricing';
import { env } from '../../env/server';
import { refuse, type Refusal } from '../../errors';
import { firestore, firestoreConfigured } from '../../firebase-admin-app';
import { offerToSell, type CheckoutRequest, type CheckoutTerms } from '../checkout/checkout';
import type { CodeQuoteAnswer, ScreenerAnswer } from '../contract';
import { ledger } from '../ledger/ledger';
import { fileCodes, firestoreCodes, type CodeStore } from './code-store';
import { isScreener, offWords, priceWithCode, unknownCode, whyNotUsable, type PromoCode } from './code-rules';

/**
 * The sample code a site without Firestore takes (`npm run dev`, README): HALFOFF, 50 % off every title, no cap.
 * Never in production, and never seeded into Firestore: a real store has only the codes its studio made.
 */
const SAMPLE_CODE: PromoCode = {
  code: 'HALFOFF',
  off: { type: 'percent', percent: 50 },
  scope: { type: 'all' },
  uses: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Codes live where the ledger does (lib/payments/ledger/ledger.ts). */
export const codeStore: CodeStore = firestoreConfigured(env)
  ? firestoreCodes(firestore(env), env.FIRESTORE_TIMEOUT_MS)
  : fileCodes(env.LEDGER_DIR ?? join(process.cwd(), '.data'), env.NODE_ENV === 'production' ? [] : [SAMPLE_CODE]);

const refusalOf = (reason: string) => refuse('conflict', reason);

/** A code's rules at `now` and the price it makes, as one check (the dialog's quote, and each use counted). */
function checkCode(code: PromoCode, path: string, price: Amount, now: number, counting: boolean): { ok: true; price: Amount } | Refusal {
  const why = whyNotUsable(code, path, now, counting);
  if (why) return refusalOf(why);
  const priced = priceWithCode(code, price);
  return priced.ok ? priced : refusalOf(priced.reason);
}

type OfferTerms = Pick<CheckoutTerms, 'catalog' | 'defaultLamports' | 'rentalCredit'>;

/** What `code` makes the price of this checkout, before anything is counted: what the dialog shows before paying. */
export async function quoteCode(
  request: Required<Pick<CheckoutRequest, 'path' | 'kind' | 'code'>>,
  terms: OfferTerms,
): Promise<{ ok: true; quote: CodeQuoteAnswer } | Refusal> {
  const sold = await offerToSell(request, terms);
  if (!sold.ok) return sold;
  const code = await codeStore.find(request.code);
  if (!code) return refuse('not_found', unknownCode(request.code));
  const priced = checkCode(code, sold.title.path, sold.price, Date.now(), true);
  if (!priced.ok) return priced;
  return { ok: true, quote: { code: code.code, off: offWords(code), price: priced.price, screener: isScreener(code) } };
}

/**
 * CheckoutTerms.redeemCode for `browser`: counts the use in the store's transaction (the cap holds however many start
 * at once) and answers the price it fixes. A screener is refused here: it unlocks, it is not paid (unlockWithScreener).
 */
export const codeRedeemer =
  (browser: string, now = Date.now) =>
  async (text: string, title: { path: string; title: string }, price: Amount) => {
    let fixed: Amount = price;
    const at = now();
    const redeemed = await codeStore.redeem(text, { code: text, path: title.path, title: title.title, browser, at, screener: false }, (code, counting) => {
      if (isScreener(code)) return refusalOf(`Code ${code.code} is a screener: it unlocks ${title.title} with no payment.`);
      const checked = checkCode(code, title.path, price, at, counting);
      if (!checked.ok) return checked;
      fixed = checked.price;
      return null;
    });
    return redeemed.ok ? { ok: true as const, price: fixed, code: redeemed.code.code } : redeemed;
  };

/** Whether `text` names a screener: the checkout then unlocks rather than asks for a payment. */
export const namesScreener = async (text: string) => {
  const code = await codeStore.find(text);
  return code !== null && isScreener(code);
};

/**
 * A screener's use: the title unlocked in this browser for good with no payment, once per use (counted in the same
 * transaction as any code's), remembered as `screener:{code}` so the studio and receipts never take it for a sale.
 */
export async function unlockWithScreener(
  request: Required<Pick<CheckoutRequest, 'path' | 'kind' | 'code'>>,
  browser: string,
  { terms, cluster }: { terms: OfferTerms; cluster: string },
): Promise<{ ok: true; unlocked: ScreenerAnswer } | Refusal> {
  const sold = await offerToSell(request, terms);
  if (!sold.ok) return sold;
  const { title } = sold;
  const at = Date.now();
  const redeemed = await codeStore.redeem(
    request.code,
    { code: request.code, path: title.path, title: title.title, browser, at, screener: true },
    (code, counting) => {
      if (!isScreener(code)) return refusalOf(`Code ${code.code} is not a screener.`);
      const why = whyNotUsable(code, title.path, at, counting);
      return why ? refusalOf(why) : null;
    },
  );
  if (!redeemed.ok) return redeemed;
  await ledger.grant(browser, title.path, `screener:${redeemed.code.code}`, cluster, 'own');
  const first = await firstVideo(title.path).catch(() => null);
  return { ok: true, unlocked: { screener: true, code: redeemed.code.code, path: title.path, play: first && { path: first.path, title: first.title } } };
}
