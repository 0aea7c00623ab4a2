import { actionFacing } from '@/lib/api/wallet-facing';
import { actionSpec } from '@/lib/payments/blink/action-answers';
import { actionRules } from '@/lib/routes';

const blink = actionFacing(actionSpec);

/**
 * The Solana Actions map of the site (actions.json at its root): every title page's URL, shared anywhere, unfurls
 * as its Blink in a Blink client, which finds the page's action here.
 */
export const GET = blink.answers(async () => Response.json({ rules: actionRules() }, { headers: { 'Cache-Control': 'public, max-age=3600' } }));

export const OPTIONS = blink.preflight;
