import { NextResponse } from 'next/server';
import { env } from '@/lib/env/server';
import { readsInFlight, readsSoFar } from '@/lib/firestore-reads';
import { refusalResponse } from '@/lib/api/responses';
import { otherMethods } from '@/lib/api/methods';

export const dynamic = 'force-dynamic';

/** This process's Firestore reads so far, and those still running: for the tests and the bench (READ_COUNTER=1); otherwise no such page. */
export function GET() {
  if (env.READ_COUNTER !== '1') return refusalResponse({ code: 'not_found', reason: 'Not found.' });
  return NextResponse.json({ reads: readsSoFar(), inFlight: readsInFlight() }, { headers: { 'Cache-Control': 'no-store' } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
