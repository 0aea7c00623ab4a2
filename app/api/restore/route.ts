import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, readJsonBody } from '@/lib/http/json';
import { currentVisitor, grantEntitlements, restore, signatureSchema } from '@/lib/payments/server';

const bodySchema = z.object({ token: z.string().min(1).max(2048), signature: signatureSchema });

/** Re-issues, in this browser, the entitlements of every purchase the signing wallet made. */
export async function POST(request: Request) {
  const body = await readJsonBody(request, bodySchema);
  if (!body.ok) return body.response;
  const result = await restore(body.data.token, body.data.signature);
  if (!result.ok) return errorResponse(result.status, result.reason);
  const { owned } = await currentVisitor();
  const response = NextResponse.json({ wallet: result.wallet, restored: result.paths }, { headers: { 'Cache-Control': 'no-store' } });
  grantEntitlements(response, request, [...owned, ...result.paths]);
  return response;
}
