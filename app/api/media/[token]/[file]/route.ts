import { rateLimit } from '@/lib/http/rate-limit';
import { servePlaybackLink } from '@/lib/payments/media-route';
import { otherMethods } from '@/lib/http/methods';

type Context = { params: Promise<{ token: string; file: string }> };

/** A private video for the browser its link was made for, while it owns the title: ranges for seeking. */
export async function GET(request: Request, { params }: Context) {
  const limited = await rateLimit(request, 'media');
  if (limited) return limited;
  const { token, file } = await params;
  return servePlaybackLink(request, token, file);
}

export const HEAD = GET;

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
