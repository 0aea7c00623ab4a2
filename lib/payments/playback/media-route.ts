import 'server-only';
import { resolve, sep } from 'node:path';
import { getVideo } from '../../catalog';
import { env } from '../../env/server';
import { refuse, type Refusal } from '../../errors';
import type { Reply } from '../../http/reply';
import { fileReply } from '../../media/file-reply';
import { videoSource } from '../../media/source';
import { signedStorageUrl } from '../../media/storage';
import { storageUrlSeconds, type CheckedLink } from './playback';
import { ownsVideo, type Owner } from '../ownership/ownership';
import { streamAnswer } from './stream-answer';
import { notReleased } from './release-gate';
import { describeFailure } from '../../failure';

// The folder ships with the server through outputFileTracingIncludes (next.config.ts); without the
// ignore comments Turbopack would trace the whole project, public/ included, into the function.
const privateRoot = resolve(/* turbopackIgnore: true */ process.cwd(), env.PRIVATE_MEDIA_DIR);

/** Next hands the segment over decoded; a name with reserved characters may still arrive encoded. */
function namesMatch(segment: string, name: string): boolean {
  return segment === name || segment === encodeURIComponent(name);
}

/**
 * GET /api/media/{token}/{file}, once its link checked out (signature, expiry, this browser: the route's precheck):
 * checks that this browser still owns the title, then streams the catalog video's private file, redirects to a short-lived signed URL,
 * or answers a stream's playlists and key (stream-answer.ts).
 * `owner` is the browser the route wrapper read from the cookies. The reply or refusal is data: the route wrapper sends it.
 */
export async function servePlaybackLink(request: Request, owner: Owner, { claim }: CheckedLink, file: string): Promise<Reply | Refusal> {
  const { browser } = owner;
  let video: Awaited<ReturnType<typeof getVideo>>;
  try {
    // A link only checks out for the browser it was made for, so `browser` is that browser here.
    if (!browser || !(await ownsVideo(owner, claim.video))) return refuse('forbidden', 'This browser has not bought this title.');
    video = await getVideo(claim.video);
  } catch (error) {
    console.error(`[media] could not read the ledger or the catalog: ${describeFailure(error)}`);
    return refuse('unavailable', 'Playback is unavailable just now. Please try again in a moment.');
  }
  // A link is never signed before the release, but the route checks again: nothing of a pre-order is served early.
  const notOut = video && notReleased(video);
  if (notOut) return notOut;
  const source = video && videoSource(video.videourl);
  if (source?.kind === 'stream') return streamAnswer(source, file);
  if (!source || source.kind === 'public' || !namesMatch(file, source.name)) return refuse('not_found', 'No such video.');
  if (source.kind === 'private') {
    const path = resolve(/* turbopackIgnore: true */ privateRoot, source.file);
    if (!path.startsWith(privateRoot + sep)) return refuse('not_found', 'No such video.');
    return fileReply(path, request, source.name);
  }
  try {
    const url = await signedStorageUrl(source.bucket, source.object, storageUrlSeconds(claim, env.SIGNED_URL_SECONDS));
    return { ok: true, kind: 'redirect', url, headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } };
  } catch (error) {
    console.error(`[media] could not sign gs://${source.bucket}/${source.object}: ${describeFailure(error)}`);
    return refuse('unavailable', 'Playback is unavailable just now. Please try again in a moment.');
  }
}
