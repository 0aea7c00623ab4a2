import 'server-only';
import type { NextResponse } from 'next/server';
import { cookieOptions } from './browser-cookie';

/**
 * The studio's session: a cookie of its own, apart from the visitor's, short-lived, http-only and `__Host-` over https
 * (no sibling host or http page can set one). Its value is a token lib/studio/access.ts signs and reads.
 */
const STUDIO_COOKIE = 'solenema_studio';
const HOST_STUDIO_COOKIE = `__Host-${STUDIO_COOKIE}`;

const nameFor = (secure: boolean) => (secure ? HOST_STUDIO_COOKIE : STUDIO_COOKIE);

/** The studio cookie's values in a raw Cookie header: over https only its `__Host-` name, which only this host sets. */
export function studioCookieValues(header: string | null, secure: boolean): string[] {
  const names = secure ? [HOST_STUDIO_COOKIE] : [HOST_STUDIO_COOKIE, STUDIO_COOKIE];
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .flatMap((pair) => names.filter((name) => pair.startsWith(`${name}=`)).map((name) => pair.slice(name.length + 1)));
}

export function setStudioCookie(response: NextResponse, secure: boolean, value: string, maxAgeSeconds: number) {
  response.cookies.set(nameFor(secure), value, { ...cookieOptions(secure), sameSite: 'strict', maxAge: maxAgeSeconds });
}

export function clearStudioCookie(response: NextResponse, secure: boolean) {
  response.cookies.set(nameFor(secure), '', { ...cookieOptions(secure), sameSite: 'strict', maxAge: 0 });
}
