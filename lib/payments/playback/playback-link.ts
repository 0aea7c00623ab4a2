import 'server-only';
import { getVideo } from '../../catalog';
import { env } from '../../env/server';
import { refuse, type Refusal } from '../../errors';
import { signingSecret } from '../../identity/signing-secret';
import { muxPlaybackId, muxSigningKey, signedMuxStream } from '../../media/mux';
import { KEY_FILE, uriLines } from '../../media/hls-playlists';
import { videoSource, VIDEOURL_FORMS } from '../../media/source';
import { streamPlaylist } from '../../media/stream-files';
import { libraryOf, startRental, type Owner } from '../ownership/ownership';
import { rentalEnded, rentalPlays } from '../ownership/rentals';
import { checkPlaybackLink, playbackUrl, renewAfterSeconds } from './playback';
import { isMediaLink } from '../../routes';
import { unlocks } from '../ownership/unlocks';
import { notReleased } from './release-gate';

const muxSigning = muxSigningKey(env);

/** When the page should ask for a fresh link to the video it plays. */
export const renewIn = renewAfterSeconds(env.MEDIA_TOKEN_SECONDS);

/**
 * The link this browser plays one owned or rented video with, signed when it is played: what it costs follows
 * the video asked for (a read or two, then the cache), never how much the browser owns. A rental's first link
 * starts it (on the server's clock), and no link or token outlives it.
 */
export async function playbackLinkFor(asker: Owner, videoPath: string): Promise<{ ok: true; url: string; start?: string[] } | Refusal> {
  const { browser } = asker;
  const library = await libraryOf(asker);
  const owned = library.owned.find((path) => unlocks([path], videoPath));
  // The rental that plays longest, where several cover the video.
  const rented = owned ? undefined : library.rentals.filter((rental) => unlocks([rental.path], videoPath)).sort((a, b) => b.endsAt - a.endsAt)[0];
  if (!browser || (!owned && !rented))
    return refuse('forbidden', 'This browser has not bought this title. Buy it, or restore your purchases from your wallet.');
  const video = await getVideo(videoPath);
  if (!video) return refuse('not_found', `No video at ${videoPath}.`);
  const now = Date.now();
  const notOut = notReleased(video, now);
  if (notOut) return notOut;
  if (rented && !rentalPlays(rented, now)) return refuse('expired', rentalEnded(rented, video.title));
  const until = rented && (await startRental(rented, now)).endsAt;
  const ttl = until === undefined ? env.MEDIA_TOKEN_SECONDS : Math.max(1, Math.min(env.MEDIA_TOKEN_SECONDS, Math.floor((until - now) / 1000)));
  // A Mux playback id under a signed policy: the buyer gets Mux's own short-lived token, not our link.
  const muxId = muxSigning ? muxPlaybackId(video.videourl) : null;
  const url =
    muxSigning && muxId
      ? await signedMuxStream(muxId, muxSigning, ttl)
      : playbackUrl(video, (owned ?? rented?.path)!, { secret: signingSecret, browser, ttl: env.MEDIA_TOKEN_SECONDS, until, now });
  if (url) return { ok: true, url, ...(await streamStart(video.videourl, url)) };
  console.error(`[media] ${video.path}: its videourl cannot be served (${VIDEOURL_FORMS})`);
  return refuse('not_found', `The video at ${videoPath} cannot be played just now.`);
}

/** Whether a playback link is this server's, unexpired and this browser's: the one check, without I/O, before any budget. */
export const playbackLinkCheck = (token: string, browser: string | null) => checkPlaybackLink(signingSecret, token, browser);

/**
 * What a player of a packaged stream asks for after the master, one round trip after another: the first (lowest)
 * rendition's playlist under the link, the key beside it, and that rendition's first segment in the public folder.
 * Named with the link, so the page asks for all of them at once (lib/media/primed.ts; issue 44). The playlists are
 * the route's own (read once, then cached), and nothing named here is more than the link itself already opens.
 */
async function streamStart(videourl: string, link: string): Promise<{ start: string[] } | undefined> {
  const source = videoSource(videourl);
  if (source?.kind !== 'stream' || !isMediaLink(link)) return undefined;
  const master = await streamPlaylist(source.base, source.name);
  const rendition = master === null ? undefined : uriLines(master)[0];
  const playlist = rendition && (await streamPlaylist(source.base, rendition));
  const segment = playlist ? uriLines(playlist)[0] : undefined;
  if (!rendition || !segment) return undefined;
  const under = link.slice(0, link.lastIndexOf('/') + 1);
  return { start: [`${under}${rendition}`, `${under}${KEY_FILE}`, `${source.base}/${segment}`] };
}
