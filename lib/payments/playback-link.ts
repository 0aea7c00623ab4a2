import 'server-only';
import { getVideo } from '../catalog';
import { env } from '../env/server';
import { refuse, type Refusal } from '../errors';
import { signingSecret } from '../identity/secret';
import { muxPlaybackId, muxSigningKey, signedMuxStream } from '../media/mux';
import { VIDEOURL_FORMS } from '../media/source';
import { ownedPaths, type Owner } from './ownership';
import { checkPlaybackLink, playbackUrl, renewAfterSeconds } from './playback';
import { unlocks } from './unlocks';

const muxSigning = muxSigningKey(env);

/** When the page should ask for a fresh link to the video it plays. */
export const renewIn = renewAfterSeconds(env.MEDIA_TOKEN_SECONDS);

/**
 * The link this browser plays one owned video with, signed when it is played: what it costs follows
 * the video asked for (a read or two, then the cache), never how much the browser owns.
 */
export async function playbackLinkFor(asker: Owner, videoPath: string): Promise<{ ok: true; url: string } | Refusal> {
  const { browser } = asker;
  const owned = await ownedPaths(asker);
  const owner = owned.find((path) => unlocks([path], videoPath));
  if (!browser || !owner) return refuse('forbidden', 'This browser has not bought this title. Buy it, or restore your purchases from your wallet.');
  const video = await getVideo(videoPath);
  if (!video) return refuse('not_found', `No video at ${videoPath}.`);
  // A Mux playback id under a signed policy: the buyer gets Mux's own short-lived token, not our link.
  const muxId = muxSigning ? muxPlaybackId(video.videourl) : null;
  const url =
    muxSigning && muxId
      ? await signedMuxStream(muxId, muxSigning, env.MEDIA_TOKEN_SECONDS)
      : playbackUrl(video, owner, { secret: signingSecret, browser, ttl: env.MEDIA_TOKEN_SECONDS });
  if (url) return { ok: true, url };
  console.error(`[media] ${video.path}: its videourl cannot be served (${VIDEOURL_FORMS})`);
  return refuse('not_found', `The video at ${videoPath} cannot be played just now.`);
}

/** Whether a playback link is this server's, unexpired and this browser's: a check without I/O, before any budget. */
export const playbackLinkCheck = (token: string, browser: string | null) => checkPlaybackLink(signingSecret, token, browser);
