import { z } from 'zod';
import { refuse } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { walletFacing, walletPreflight } from '@/lib/api/wallet-facing';
import type { TransactionRequestAnswer, TransactionRequestBody } from '@/lib/payments/contract';
import { payerSchema, referenceSchema } from '@/lib/payments/checkout/request-fields';
import { SITE_LABEL } from '@/lib/payments/checkout/solana-pay';
import { buildPaymentTransaction } from '@/lib/payments/checkout/transaction-request';
import { absolute } from '@/lib/seo/urls';

type Params = { reference: string };

const bodySchema = z.object({
  account: payerSchema,
  /** Not in Solana Pay: the site's own pay button names the blockhash its wallet found expired, to get a newer one. */
  expired: z.string().max(44).optional(),
}) satisfies z.ZodType<TransactionRequestBody>;

/** A malformed reference costs no budget: no checkout could have it. */
const referenceCheck = ({ params }: { params: Params }) =>
  referenceSchema.safeParse(params.reference).success ? null : refuse('not_found', 'No checkout has this address: scan the QR code of the title’s pay dialog.');

/**
 * A checkout's Solana Pay transaction request (`solana:<this URL>`, the pay dialog's QR and the Phantom button alike).
 * GET: the store's label and icon, shown before the buyer agrees. POST `{ account }`: the transaction the server
 * builds for that wallet (lib/payments/checkout/transaction-request.ts). Wallets call from anywhere: any origin may read it.
 */
export const GET = walletFacing(
  apiRoute<Params, 'none'>(
    { name: 'transaction-request', limit: 'transaction-request', browser: 'none', precheck: referenceCheck, unavailable: 'Payments are unavailable just now.' },
    async () => answer({ label: SITE_LABEL, icon: absolute('/icon.svg') }, 'public, max-age=3600'),
  ),
);

export const POST = walletFacing(
  apiRoute<Params, 'none', typeof bodySchema>(
    {
      name: 'transaction-request',
      limit: 'transaction-request',
      browser: 'none',
      precheck: referenceCheck,
      body: bodySchema,
      unavailable: 'The payment could not be prepared just now; nothing was charged. Please scan again in a moment.',
    },
    async ({ params, body }) => {
      const built = await buildPaymentTransaction(params.reference, body);
      return built.ok ? answer(built.answer satisfies TransactionRequestAnswer) : built;
    },
  ),
);

export const OPTIONS = walletPreflight;

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
