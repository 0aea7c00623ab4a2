import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, readSameOriginJson } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { currentVisitor, keepBrowserCookie, paymentCluster, startCheckout, visitorOrNew } from '@/lib/payments/server';
import { transferRequest } from '@/lib/payments/solana-pay';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ path: titlePathSchema });

/**
 * Starts buying a locked title: answers the recipient, the price and a fresh reference for this
 * browser, and the same terms as a Solana Pay transfer request (URL and QR code) for any wallet.
 */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'checkout');
  if (limited) return limited;
  const body = await readSameOriginJson(request, bodySchema);
  if (!body.ok) return body.response;
  // Before any checkout exists: a browser must not pay on a cluster the server does not verify.
  const cluster = await paymentCluster();
  if (!cluster.ok) return errorResponse(cluster.status, cluster.reason);
  const visitor = await currentVisitor();
  const browser = visitorOrNew(visitor);
  const result = await startCheckout(body.data.path, browser, cluster.genesisHash).catch((error: unknown) => {
    console.error('[checkout] the catalog could not be read', error);
    return { ok: false as const, status: 503, reason: 'Checkout is unavailable just now; nothing was charged. Please try again in a moment.' };
  });
  if (!result.ok) return errorResponse(result.status, result.reason);
  const { reference, recipient, lamports, path, title, expiresAt } = result.checkout;
  const solanaPay = await transferRequest(result.checkout);
  const response = NextResponse.json(
    { checkout: result.token, reference, recipient, lamports, path, title, expiresAt, network: cluster.cluster, solanaPay },
    { headers: { 'Cache-Control': 'no-store' } },
  );
  keepBrowserCookie(response, request, visitor, browser);
  return response;
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
