import { z } from 'zod';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { actionFacing } from '@/lib/api/wallet-facing';
import { refuse } from '@/lib/errors';
import { vouchedAddress } from '@/lib/http/client-budgets';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { actionGetAnswer, actionPostAnswer, actionSpec } from '@/lib/payments/blink/action-answers';
import { startBlinkPurchase, type ChosenOffer } from '@/lib/payments/blink/blink-purchase';
import { titleActionAt } from '@/lib/payments/blink/title-action';
import { payerSchema } from '@/lib/payments/checkout/request-fields';
import { titleAtPage } from '@/lib/routes';

const blink = actionFacing(actionSpec);

type Params = { page: string[] };

const UNKNOWN = 'No title at this address on Solenema.';
/** The page the action is of, from the route's segments: a malformed one is refused before any budget or read. */
const pageOf = (params: Params) => `/${params.page.join('/')}`;
const pageCheck = ({ params }: { params: Params }) => (titleAtPage(pageOf(params)) ? null : refuse('not_found', UNKNOWN));

const offerSchema = z.object({ title: titlePathSchema, kind: z.enum(['buy', 'rent']) });
const bodySchema = z.object({ account: payerSchema });

/** A button's offer, from its address: one the page shows (checked against the page's offers when pressed). */
function offerCheck({ request, params }: { request: Request; params: Params }) {
  const unknown = pageCheck({ params });
  if (unknown) return unknown;
  const query = new URL(request.url).searchParams;
  const offer = offerSchema.safeParse({ title: query.get('title'), kind: query.get('kind') });
  if (!offer.success) return refuse('invalid_request', 'Press one of the Blink’s buttons: its address names the offer (?title=…&kind=buy or rent).');
  const chosen: ChosenOffer = { path: offer.data.title, kind: offer.data.kind };
  return { ok: true as const, offer: chosen };
}

/** GET: the title page's Blink (Solana Actions): its cover, name, description and one button per offer, priced as the page. */
export const GET = blink.answers(
  apiRoute<Params, 'none'>(
    { name: 'action', limit: 'action', browser: 'none', precheck: pageCheck, unavailable: 'This Blink is unavailable just now.' },
    async ({ params }) => {
      const found = await titleActionAt(pageOf(params));
      return found.ok ? answer(actionGetAnswer(found.action), 'public, max-age=60') : found;
    },
  ),
);

/** POST `{ account }`: the transaction that buys the offer the pressed button names, for that wallet. */
export const POST = blink.answers(
  apiRoute<Params, 'none', typeof bodySchema, { ok: true; offer: ChosenOffer }>(
    {
      name: 'action',
      limit: 'checkout',
      browser: 'none',
      body: bodySchema,
      precheck: offerCheck,
      unavailable: 'The payment could not be prepared just now; nothing was charged. Please try again in a moment.',
    },
    async ({ request, params, body, vouched }) => {
      const started = await startBlinkPurchase(pageOf(params), vouched!.offer, body.account, vouchedAddress(request));
      return started.ok ? answer(actionPostAnswer(started.action, started.transaction, started.message, started.token)) : started;
    },
  ),
);

export const OPTIONS = blink.preflight;

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
