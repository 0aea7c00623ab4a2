import { NextResponse } from 'next/server';
import { currentVisitor, ownedVideos } from '@/lib/payments/server';

/** What this browser owns, with the playback URL of each owned video. */
export async function GET() {
  const { owned } = await currentVisitor();
  return NextResponse.json(
    { paths: owned, videos: await ownedVideos(owned) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
