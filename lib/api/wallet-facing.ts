import 'server-only';
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
export function walletFacing<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    const response = await handler(request, context);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(WALLET_CORS_HEADERS)) headers.set(name, value);
    if (response.ok) return new Response(response.body, { status: response.status, headers });
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (!body?.error) return new Response(null, { status: response.status, headers });
    return NextResponse.json({ ...body, message: body.error }, { status: response.status, headers });
  };
}

/** The CORS preflight of a wallet-facing route. */
export const walletPreflight = () => new Response(null, { status: 204, headers: WALLET_CORS_HEADERS });
