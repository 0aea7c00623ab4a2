import type { ActionGetResponse, ActionPostResponse, CompletedAction, NextAction } from '@solana/actions-spec';
import { offerLine } from '../checkout/offer-words';
import { actionPaidRoute, actionRoute } from '../../routes';
import { absolute } from '../../seo/urls';
import type { TitleAction } from './title-action';
import { serverCluster } from '../wiring';

/**
 * The Solana Actions answers of a title's Blink (the spec's types, @solana/actions-spec): plain data the action
 * routes send as JSON. One button per offer the page shows, labelled as the page labels it.
 */

/** The version of the Actions spec these answers follow (X-Action-Version). */
const ACTION_VERSION = '2.4';

/**
 * What the action routes declare: the spec's version, and the cluster the server verifies on as a CAIP-2 id
 * (`solana:` and the genesis hash's first 32 characters), null while the RPC cannot name it.
 */
export async function actionSpec() {
  const genesisHash = await serverCluster().catch(() => null);
  return { version: ACTION_VERSION, blockchainId: genesisHash && `solana:${genesisHash.slice(0, 32)}` };
}

/** A button's address: the page's action, naming the offer it buys. */
const offerHref = (action: TitleAction, { path, kind }: TitleAction['offers'][number]) =>
  `${actionRoute(action.pagePath)}?${new URLSearchParams({ title: path, kind })}`;

export function actionGetAnswer(action: TitleAction): ActionGetResponse {
  const [first] = action.offers;
  const base = { type: 'action' as const, icon: action.icon, title: action.name, description: action.description };
  if (action.closed || !first) return { ...base, label: 'Watch on Solenema', disabled: true, error: { message: action.closed ?? 'Nothing to buy here.' } };
  return {
    ...base,
    label: offerLine(first),
    links: { actions: action.offers.map((offer) => ({ type: 'transaction', label: offerLine(offer), href: offerHref(action, offer) })) },
  };
}

/** A button pressed: the transaction to sign, and where the Blink client says it was sent. */
export const actionPostAnswer = (action: TitleAction, transaction: string, message: string, token: string): ActionPostResponse => ({
  type: 'transaction',
  transaction,
  message,
  links: { next: { type: 'post', href: actionPaidRoute(token, action.pagePath) } },
});

/** After the transaction was sent: the title is the wallet's (any browser that restores with it plays it), or soon will be. */
export function actionPaidAnswer(action: TitleAction, paid: boolean): NextAction {
  const page = absolute(action.pagePath);
  const completed: CompletedAction = {
    type: 'completed',
    icon: action.icon,
    title: action.name,
    label: paid ? 'Yours: watch on Solenema' : 'Payment sent',
    description: paid
      ? `Yours: watch it on Solenema at ${page}. In any browser, restore your purchases with this wallet to play it.`
      : `Your payment is on its way. Once it confirms, open ${page} and restore your purchases with this wallet to play it.`,
  };
  return completed;
}
