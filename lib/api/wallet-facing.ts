import 'server-only';
import { ACTIONS_CORS_HEADERS } from '@solana/actions';
import { NextResponse } from 'next/server';
import type { ApiErrorBody } from '../errors';

/**
 * Routes wallets call from anywhere (a Solana Pay transaction request, a Blink): any origin may read them, as the
 * Solana Pay and Actions specifications ask, since what they answer is public (a label, an unsigned transaction only
 * the buyer's key can complete); and a refusal also carries `message`, the field wallets show the buyer.
 */
const WALLET_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, Content-Encoding, Accept-Encoding',
  'Access-Control-Max-Age': '86400',
} as const;

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** `handler`'s answers, readable from any origin, its refusals worded for a wallet too. */
export const walletFacing = <C>(handler: Handler<C>): Handler<C> => facing(handler, async () => WALLET_CORS_HEADERS);

/** What an action route's answers declare of the spec: its version, and the chain it pays on (CAIP-2), null while unknown. */
export interface ActionSpec {
  version: string;
  blockchainId: string | null;
}

/**
 * The answers of Solana Action routes and of actions.json, and only theirs (the rest of the site keeps its own
 * policy): the spec's CORS headers (@solana/actions), X-Action-Version and X-Blockchain-Ids, and refusals as the
 * spec's `{ message }`; with the preflight of the same.
 */
export function actionFacing(specOf: () => Promise<ActionSpec>) {
  const headersOf = async (): Promise<Record<string, string>> => {
    const { version, blockchainId } = await specOf();
    return { ...ACTIONS_CORS_HEADERS, 'X-Action-Version': version, ...(blockchainId && { 'X-Blockchain-Ids': blockchainId }) };
  };
  return {
    answers: <C>(handler: Handler<C>): Handler<C> => facing(handler, headersOf),
    preflight: async () => {
      const headers = new Headers(await headersOf());
      headers.delete('Content-Type');
      return new Response(null, { status: 204, headers });
    },
  };
}

function facing<C>(handler: Handler<C>, headersOf: () => Promise<Record<string, string>>): Handler<C> {
  return async (request, context) => {
    const [response, extra] = await Promise.all([handler(request, context), headersOf()]);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    if (response.ok) return new Response(response.body, { status: response.status, headers });
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (!body?.error) return new Response(null, { status: response.status, headers });
    return NextResponse.json({ ...body, message: body.error }, { status: response.status, headers });
  };
}

/** The CORS preflight of a wallet-facing route. */
export const walletPreflight = () => new Response(null, { status: 204, headers: WALLET_CORS_HEADERS });
