import { z } from 'zod';
import { formatAmount, type Amount } from '../../catalog/pricing';
import { KIND_LIST, KINDS, parseTitlePath, type Kind } from '../../catalog/kinds';
import { amountSchema } from '../checkout/checkout';

/**
 * A studio's codes (docs/selling.md, "Codes and screeners"): typed in the pay dialog, case-insensitive, a percent or an
 * amount off (in the offer's currency), for one title (and what is beneath it), a kind, or everything, between two
 * dates, at most `cap` times. A 100 % code is a screener: it unlocks without payment. Plain module: no I/O.
 */

/** What a code's text may be once normalised: letters, digits, `-` and `_`, 3 to 32 of them. */
const CODE_TEXT = /^[A-Z0-9_-]{3,32}$/;
const normalizeCode = (text: string) => text.trim().toUpperCase();
export const codeTextSchema = z.string().max(64).transform(normalizeCode).pipe(z.string().regex(CODE_TEXT, 'a code is 3 to 32 letters, digits, - or _'));

const codeOffSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
  z.object({ type: z.literal('amount'), amount: amountSchema }),
]);

const codeScopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('kind'), kind: z.enum(KIND_LIST as [Kind, ...Kind[]]) }),
  z.object({ type: z.literal('title'), path: z.string().refine((path) => parseTitlePath(path) !== null, 'expected a title path such as trailers/abc') }),
]);
export type CodeScope = z.infer<typeof codeScopeSchema>;

/** `promoCodes/{code}` (the file ledger's `codes/{code}.json`). Times are ms since the epoch. */
export const promoCodeSchema = z.object({
  code: z.string().regex(CODE_TEXT),
  off: codeOffSchema,
  scope: codeScopeSchema,
  startsAt: z.number().optional(),
  endsAt: z.number().optional(),
  /** At most this many uses; absent: no cap. */
  cap: z.number().int().positive().optional(),
  uses: z.number().int().min(0).default(0),
  createdAt: z.string(),
  createdBy: z.string().optional(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** One use of a code: a checkout started with it, or a screener's unlock. One per code, browser and title. */
export const codeUseSchema = z.object({
  code: z.string(),
  path: z.string(),
  title: z.string(),
  /** The browser it was used in: never leaves the server. */
  browser: z.string(),
  at: z.number(),
  screener: z.boolean(),
});
export type CodeUse = z.infer<typeof codeUseSchema>;

export const isScreener = (code: Pick<PromoCode, 'off'>) => code.off.type === 'percent' && code.off.percent === 100;

/** Whether `path` (a title or a season) is within the code's scope. */
export function inScope(scope: CodeScope, path: string): boolean {
  if (scope.type === 'all') return true;
  if (scope.type === 'kind') return parseTitlePath(path)?.kind === scope.kind;
  return path === scope.path || path.startsWith(`${scope.path}/`);
}

/** "every title", "Trailers", "trailers/abc": a scope as the dialog and the studio name it. */
export const scopeWords = (scope: CodeScope) => (scope.type === 'all' ? 'every title' : scope.type === 'kind' ? KINDS[scope.kind].label : scope.path);

/** "50 % off", "0.5 SOL off", "free (screener)". */
export const offWords = (code: Pick<PromoCode, 'off'>) =>
  isScreener(code) ? 'free (screener)' : code.off.type === 'percent' ? `${code.off.percent} % off` : `${formatAmount(code.off.amount)} off`;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Why `code` cannot be used on `path` at `now`, in words the dialog shows; null when it can. `counting`: this use
 * would be a new one (a browser that used it on this title before is not counted again, so the cap does not apply).
 */
export function whyNotUsable(code: PromoCode, path: string, now: number, counting = true): string | null {
  if (code.startsAt !== undefined && now < code.startsAt) return `Code ${code.code} starts on ${day(code.startsAt)}.`;
  if (code.endsAt !== undefined && now >= code.endsAt) return `Code ${code.code} ended on ${day(code.endsAt - 1)}.`;
  if (!inScope(code.scope, path)) return `Code ${code.code} is not for this title: it is for ${scopeWords(code.scope)}.`;
  if (counting && code.cap !== undefined && code.uses >= code.cap) return `Code ${code.code} has been used as many times as it may (${code.cap}).`;
  return null;
}

export const unknownCode = (text: string) => `There is no code ${text}: check its spelling.`;

/**
 * The price with the code, or why the code does not apply to it. A percent takes off its share (rounded down); an
 * amount off applies to a price in its own currency only. Either leaves at least one unit: only a screener is free.
 */
export function priceWithCode(code: PromoCode, price: Amount): { ok: true; price: Amount } | { ok: false; reason: string } {
  if (isScreener(code)) return { ok: true, price: { ...price, units: 0 } };
  if (code.off.type === 'percent')
    return { ok: true, price: { ...price, units: Math.max(1, price.units - Math.floor((price.units * code.off.percent) / 100)) } };
  if (code.off.amount.currency !== price.currency) {
    return {
      ok: false,
      reason: `Code ${code.code} takes ${formatAmount(code.off.amount)} off prices in ${code.off.amount.currency}; this one is in ${price.currency}.`,
    };
  }
  return { ok: true, price: { ...price, units: Math.max(1, price.units - code.off.amount.units) } };
}
