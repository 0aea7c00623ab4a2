import { NextResponse } from 'next/server';
import { z } from 'zod';
import { apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { clearStudioCookie, setStudioCookie } from '@/lib/identity/studio-cookie';
import { isHttps } from '@/lib/identity/visitor-cookies';
import type { SignInRequest } from '@/lib/payments/contract';
import { signatureSchema } from '@/lib/payments/checkout/request-fields';
import { openStudioSession } from '@/lib/studio/access';

const bodySchema = z.object({
  token: z.string().min(1).max(2048),
  signedMessage: z.base64('expected the signed message, base64').min(1).max(4096),
  signature: signatureSchema,
}) satisfies z.ZodType<SignInRequest>;

const noStore = { 'Cache-Control': 'no-store' };

/** Opens a studio session for a signed challenge: a cookie of its own, for this browser, for STUDIO_SESSION_SECONDS. */
export const POST = apiRoute(
  {
    name: 'studio session',
    limit: 'studio',
    sameOrigin: true,
    body: bodySchema,
    browser: 'required',
    noBrowser: 'Ask for a studio sign-in first: this browser has not.',
    unavailable: 'The studio cannot be opened just now. Please try again in a moment.',
  },
  async ({ request, body, browser }) => {
    const opened = await openStudioSession(body, browser);
    if (!opened.ok) return opened;
    const response = NextResponse.json({ wallet: opened.wallet, expiresInSeconds: opened.maxAgeSeconds }, { headers: noStore });
    setStudioCookie(response, isHttps(request), opened.token, opened.maxAgeSeconds);
    return response;
  },
);

/** Signs out: the studio cookie is cleared (it would run out by itself within the session's length). */
export const DELETE = apiRoute(
  { name: 'studio sign-out', limit: 'studio', sameOrigin: true, browser: 'none', unavailable: 'Please try again in a moment.' },
  async ({ request }) => {
    const response = new NextResponse(null, { status: 204, headers: noStore });
    clearStudioCookie(response, isHttps(request));
    return response;
  },
);

export const { GET, PUT, PATCH } = otherMethods('POST', 'DELETE');
