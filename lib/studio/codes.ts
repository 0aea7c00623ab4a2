import 'server-only';
import { z } from 'zod';
import { getTitle } from '../catalog';
import { isKind } from '../catalog/kinds';
import { CURRENCIES, unitsOf } from '../catalog/pricing';
import { refuse, type Refusal } from '../errors';
import { codeStore } from '../payments/codes/redeem';
import { codeTextSchema, promoCodeSchema, type CodeScope, type PromoCode } from '../payments/codes/code-rules';

/** Codes and uses the studio lists: the newest, enough for a launch's codes and its press screeners. */
const CODES_SHOWN = 100;
const USES_SHOWN = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = z.string().regex(DAY, 'a date is YYYY-MM-DD').optional();

/** The studio's code form, as it posts it: plain fields, read here into a code. */
export const codeFormSchema = z.object({
  code: codeTextSchema,
  /** `percent` (1 to 100: 100 is a screener) or `amount`, in `currency`. */
  off: z.enum(['percent', 'amount']),
  value: z.number().positive(),
  currency: z.enum(Object.keys(CURRENCIES) as [keyof typeof CURRENCIES]).default('SOL'),
  /** `all`, a kind (`trailers`, `series`, …), or a title path (`trailers/abc`). */
  scope: z.string().min(1).max(300),
  startsOn: dayField,
  endsOn: dayField,
  cap: z.number().int().positive().optional(),
});
export type CodeForm = z.infer<typeof codeFormSchema>;

/** The first millisecond of a UTC day; `after`: of the day after (a code ending on a day is taken all that day). */
const dayStart = (day: string, after = false) => Date.parse(`${day}T00:00:00Z`) + (after ? 86_400_000 : 0);

async function scopeOf(scope: string): Promise<CodeScope | string> {
  if (scope === 'all') return { type: 'all' };
  if (isKind(scope)) return { type: 'kind', kind: scope };
  const title = await getTitle(scope).catch(() => null);
  return title ? { type: 'title', path: title.path } : `No title at ${scope}: name a title path (trailers/abc), a kind (series, trailers, …) or all.`;
}

/** Makes a code from the studio's form; refused with the reason when the form does not make one, or its text is taken. */
export async function createStudioCode(form: CodeForm, now = Date.now()): Promise<{ ok: true; code: PromoCode } | Refusal> {
  let off: PromoCode['off'];
  if (form.off === 'percent') {
    if (!Number.isInteger(form.value) || form.value > 100) return refuse('invalid_request', 'A percent off is a whole number from 1 to 100 (100: a screener).');
    off = { type: 'percent', percent: form.value };
  } else {
    const units = unitsOf(form.value, form.currency, 'The amount off');
    if (typeof units === 'string') return refuse('invalid_request', `${units}.`);
    off = { type: 'amount', amount: { currency: form.currency, units } };
  }
  const scope = await scopeOf(form.scope);
  if (typeof scope === 'string') return refuse('invalid_request', scope);
  const startsAt = form.startsOn ? dayStart(form.startsOn) : undefined;
  const endsAt = form.endsOn ? dayStart(form.endsOn, true) : undefined;
  if (startsAt !== undefined && endsAt !== undefined && endsAt <= startsAt)
    return refuse('invalid_request', 'The code must end on or after the day it starts.');
  const code = promoCodeSchema.parse({
    code: form.code,
    off,
    scope,
    ...(startsAt !== undefined && { startsAt }),
    ...(endsAt !== undefined && { endsAt }),
    ...(form.cap !== undefined && { cap: form.cap }),
    uses: 0,
    createdAt: new Date(now).toISOString(),
  });
  return (await codeStore.create(code)) ? { ok: true, code } : refuse('conflict', `There is a code ${code.code} already: choose another text.`);
}

/** The studio's codes with their uses, and each use (a screener's is listed as a screener, never a sale). */
export async function studioCodes() {
  const [codes, uses] = await Promise.all([codeStore.list(CODES_SHOWN), codeStore.uses(USES_SHOWN)]);
  // The browser a use was made in never leaves the server.
  return { codes, uses: uses.map(({ code, path, title, at, screener }) => ({ code, path, title, at, screener })) };
}

export type StudioCodes = Awaited<ReturnType<typeof studioCodes>>;
