import { z } from 'zod';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { actionFacing } from '@/lib/api/wallet-facing';
import { refuse } from '@/lib/errors';
import { fairnessKey } from '@/lib/http/client-budgets';
import { actionPaidAnswer, actionSpec } from '@/lib/payments/blink/action-answers';
import { finishBlinkPurchase } from '@/lib/payments/blink/blink-purchase';
import { titleActionAt } from '@/lib/payments/blink/title-action';
import { checkoutReferenceSchema, payerSchema, signatureSchema } from '@/lib/payments/checkout/request-fields';
import { titleAtPage } from '@/lib/routes';

const blink = actionFacing(actionSpec);

const bodySchema = z.object({ account: payerSchema, signature: signatureSchema });
const querySchema = z.object({
  checkout: checkoutReferenceSchema,
  page: z
    .string()
    .max(512)
    .refine((page) => titleAtPage(page) !== null),
});

/** The checkout and the page `links.next` names, read once: an altered token is refused before any budget. */
function nextCheck({ request }: { request: Request }) {
  const query = new URL(request.url).searchParams;
  const read = querySchema.safeParse({ checkout: query.get('checkout'), page: query.get('page') });
  return read.success
    ? { ok: true as const, reference: read.data.checkout, page: read.data.page }
    : refuse('invalid_request', 'This address is the one a Blink’s transaction names once sent: it carries its checkout and page.');
}

/**
 * A Blink's `links.next`: the client sent the transaction (`{ account, signature }`). Confirmed by the shared looks
 * as every payment is, and answered with the spec's completed action: the title is the wallet's to watch on Solenema.
 */
export const POST = blink.answers(
  apiRoute<Record<string, never>, 'none', typeof bodySchema, { ok: true; reference: string; page: string }>(
    {
      name: 'action paid',
      limit: 'verify',
      browser: 'none',
      body: bodySchema,
      precheck: nextCheck,
      unavailable: 'Your payment is safe: open the title on Solenema and restore your purchases with this wallet.',
    },
    async ({ request, body, vouched }) => {
      const { reference, page } = vouched!;
      const [outcome, found] = await Promise.all([
        finishBlinkPurchase(reference, body.account, body.signature, fairnessKey(request, body.account)),
        titleActionAt(page),
      ]);
      if (!outcome.ok) return outcome;
      return found.ok ? answer(actionPaidAnswer(found.action, outcome.paid)) : found;
    },
  ),
);

export const OPTIONS = blink.preflight;

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
