'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import ReactPlayer from 'react-player';
import type { Subtitle } from '@/lib/catalog/types';
import { track } from '@/lib/analytics/track';
import { reportViewing } from '@/lib/analytics/viewing';
import { forgetPrimed } from '@/lib/media/primed';
import { isPreorder, type ShownOffer } from '@/lib/payments/checkout/offer-words';
import { isMediaLink } from '@/lib/routes';
import { playerKind, playerSrc } from '@/lib/video-providers';
import { formatTime, watchedToEnd, type WatchInfo } from '@/lib/watching/progress';
import button from '../ui/button.module.css';
import { CaptionsMenu } from './CaptionsMenu';
import { buyLabel, OffersInPlace } from './OffersInPlace';
import { configureHls, hlsConfigured, hlsRefusals } from './hlsDefaults';
import { usePlaybackLinks } from './PlaybackLinksContext';
import { useCaptions } from './useCaptions';
import { useMediaSession } from './useMediaSession';
import { usePlayerKeys } from './usePlayerKeys';
import { useWatchProgress } from './useWatchProgress';
import styles from './VideoPlayer.module.css';

type Props = {
  src: string;
  title: string;
  /**
   * For a video this browser bought: its path, to ask for this browser's link (when `src` is '') and to
   * swap an expired link for a fresh one.
   */
  videoPath?: string;
  /** The catalog video this is: its place is remembered in this browser and offered next time. */
  watch?: WatchInfo;
  onEnded?: () => void;
  /** Shown over the video (the next episode's countdown). */
  overlay?: ReactNode;
  /** WebVTT tracks of a free title, offered in the captions menu. */
  subtitles?: Subtitle[];
  /** A rented video: its offers, and opening its purchase, for when the rental has ended. */
  payAgain?: { offers: readonly ShownOffer[]; open: () => void };
};

const NO_SUBTITLES: Subtitle[] = [];

/** Links to paid videos are short-lived and bound to this browser (see /api/media). */

/** Plays rather than trusting the autoplay attribute; if the browser refuses, its controls stay for the viewer's press. */
function playAsAsked(video: HTMLVideoElement) {
  if (video.paused) video.play().catch(() => undefined);
}

/**
 * A 16:9 player for any source react-player knows (files, HLS, DASH, Mux, YouTube, Vimeo, Wistia).
 * Browser-only: it is imported solely by modules that are themselves loaded with ssr: false.
 *
 * Subtitles are native <track>s on the video (react-player 3 renders its children inside the media
 * element), switched by the captions menu under the frame; see useCaptions for the remembered choice.
 *
 * A paid video keeps the link it started with while it plays (renewals never interrupt it); when
 * that link fails (it expired while paused, say), it continues on the page's fresh link from the
 * same position.
 */
export function VideoPlayer({ src, title, videoPath, watch, onEnded, overlay, subtitles = NO_SUBTITLES, payAgain }: Props) {
  const links = usePlaybackLinks();
  // This browser's rental of the video has ended (the server refused its link, 410), or it is a pre-order not out yet
  // (403 not_released): the server's reason, and for a rental the ways to pay again.
  const rentalEnded = videoPath ? links?.rentalEnded(videoPath) : undefined;
  const latest = (videoPath && links?.videoFor(videoPath)) || src;
  const [pinned, setPinned] = useState(src);
  const [failedLink, setFailedLink] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // This browser was refused the video (not bought here, or no longer): the locked state, not an error.
  const [refused, setRefused] = useState(false);
  const position = useRef({ time: 0, paused: false });
  const resume = useRef<{ time: number; paused: boolean } | null>(null);
  const retries = useRef(0);
  const started = useRef(false);
  const finished = useRef(false);
  /** The title path the studio counts this play under (a hero's trailer without one is not counted). */
  const countedPath = watch?.path ?? videoPath;
  const media = useRef<HTMLVideoElement | null>(null);
  // The captions follow the element itself (state): its text tracks exist only once it is mounted.
  const [mediaElement, setMediaElement] = useState<HTMLVideoElement | null>(null);
  const captions = useCaptions(mediaElement, subtitles);
  const frame = useRef<HTMLDivElement>(null);
  const progress = useWatchProgress(watch, videoPath ? null : src, subtitles);
  usePlayerKeys(media, frame);
  useMediaSession(media, title, watch?.cover);

  // Closing the player is leaving the video: remember exactly where.
  const { record } = progress;
  useEffect(() => () => void (media.current && record(media.current, true)), [record]);
  // Nor does anything asked for ahead of this player (lib/media/primed.ts) outlive it.
  useEffect(() => forgetPrimed, []);

  // A fresh link arrived for the one that failed, or the first one for a video opened without: play it
  // (React's "adjust state while rendering").
  if ((failedLink === pinned || !pinned) && latest !== pinned) {
    setPinned(latest);
    setFailedLink(null);
  }

  const fail = useCallback(
    (reason: unknown) => {
      console.error(`[player] could not play "${title}"`, reason);
      setFailed(true);
    },
    [title],
  );

  // A bought video opened before its link was asked for: ask once, now.
  const askedLink = useRef(false);
  useEffect(() => {
    if (src || !videoPath || !links || askedLink.current) return;
    askedLink.current = true;
    void links.requestLink(videoPath, true).then((url) => url || fail(`no playback link for ${videoPath}`));
  }, [src, videoPath, links, fail]);

  const onError = (event: SyntheticEvent<HTMLVideoElement>) => {
    if (links && videoPath && isMediaLink(pinned) && retries.current < 2) {
      retries.current += 1;
      resume.current = { ...position.current };
      setFailedLink(pinned);
      if (latest === pinned) void links.requestLink(videoPath).then((url) => url || setRefused(true));
      return;
    }
    fail(event.currentTarget.error ?? event);
  };

  // A paid stream's playlist or key refused: a fresh link if this browser still owns it, else the locked state.
  const onRefused = useCallback(() => {
    if (!links || !videoPath || retries.current >= 2) return setRefused(true);
    retries.current += 1;
    resume.current = { ...position.current };
    const refusedLink = pinned;
    void links.requestLink(videoPath).then((url) => (url && url !== refusedLink ? setFailedLink(refusedLink) : setRefused(true)));
  }, [links, videoPath, pinned]);
  // A stream waits for hls.js's defaults (hlsDefaults.ts): the same chunk react-player would fetch, no later.
  const streaming = pinned !== '' && playerKind(playerSrc(pinned)) === 'hls';
  const [hlsReady, setHlsReady] = useState(hlsConfigured);
  useEffect(() => {
    if (streaming) void configureHls().then(() => setHlsReady(true));
  }, [streaming]);
  // The browser's own HLS player (a stream where hls.js cannot run: no Media Source) honours neither the autoplay
  // attribute nor, under preload="none", reports its metadata: a stream asked to play is played once its element
  // has the source, which the element sets a task after it mounts.
  const autoplay = progress.resumeAt === null;
  useEffect(() => {
    if (!streaming || !autoplay || !mediaElement) return;
    const timer = setTimeout(() => playAsAsked(mediaElement));
    return () => clearTimeout(timer);
  }, [streaming, autoplay, mediaElement]);
  useEffect(() => {
    hlsRefusals.addEventListener('refused', onRefused);
    return () => hlsRefusals.removeEventListener('refused', onRefused);
  }, [onRefused]);

  const remember = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    // A source being swapped reports 0 before it loads: that is not where the viewer was.
    if (video.readyState === 0) return;
    position.current = { time: video.currentTime, paused: video.paused };
    progress.record(video, event.type === 'pause');
    // At the first sign of playback: an autoplay's 'play' may come before React listens, time updates follow.
    if (!started.current && !video.paused) {
      started.current = true;
      track({ name: 'play_started', params: { video_path: countedPath ?? title } });
      if (countedPath) reportViewing('play', countedPath);
    }
    // Where the player itself counts a video as watched (it no longer offers to resume): the end, or its last second.
    if (Number.isFinite(video.duration) && watchedToEnd({ position: video.currentTime, duration: video.duration })) completed();
  };

  const completed = () => {
    if (finished.current) return;
    finished.current = true;
    if (countedPath) reportViewing('complete', countedPath);
  };

  /** "Resume from …" or "Start over": either way the viewer asked to play. */
  const start = (from: number) => {
    progress.answered();
    if (from === 0) progress.finished();
    resume.current = { time: from, paused: false };
    const video = media.current;
    if (!video) return;
    if (video.readyState > 0) video.currentTime = from;
    void video.play();
  };

  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    retries.current = 0;
    const video = event.currentTarget;
    const at = resume.current;
    resume.current = null;
    if (at) video.currentTime = at.time;
    if (at?.paused) return video.pause();
    // Asked to play (autoplay, or a resumed position): played, not left to the attribute.
    if (at || autoplay) playAsAsked(video);
  };

  const attach = useCallback(
    (video: HTMLVideoElement | null) => {
      media.current = video;
      setMediaElement(video);
      if (!video) return;
      // Files get no download button and no picture-in-picture; the attributes are inert on embeds.
      video.setAttribute('controlslist', 'nodownload');
      video.setAttribute('disablepictureinpicture', '');
      // A source can fail before React listens (an instant 404 while the element is still detached).
      if (video.error && !isMediaLink(video.currentSrc)) fail(video.error);
    },
    [fail],
  );

  return (
    <>
      <div ref={frame} className={styles.frame}>
        {rentalEnded ? (
          <div role="alert" className={styles.overlay}>
            <p>{rentalEnded}</p>
            {/* A pre-order is paid for: it waits for its date, with nothing more to buy. */}
            {payAgain && !isPreorder(payAgain.offers) && (
              <OffersInPlace offers={payAgain.offers} open={payAgain.open} label={buyLabel(payAgain.offers, true)} />
            )}
          </div>
        ) : refused ? (
          <p role="status" className={styles.waiting}>
            This title is locked in this browser. Buy it, or restore your purchases from your wallet.
          </p>
        ) : failed || (!pinned && !links) ? (
          <p role="alert" className={styles.error}>
            This video could not be played. Please try again later.
          </p>
        ) : !pinned || (streaming && !hlsReady) ? (
          <p role="status" className={styles.waiting}>
            Opening your video…
          </p>
        ) : (
          <ReactPlayer
            ref={attach}
            src={playerSrc(pinned)}
            controls
            autoPlay={autoplay}
            playsInline
            preload="none"
            volume={1}
            width="100%"
            height="100%"
            onTimeUpdate={remember}
            onPause={remember}
            onPlay={remember}
            onLoadedMetadata={onLoadedMetadata}
            onEnded={() => {
              completed();
              progress.finished();
              onEnded?.();
            }}
            onError={onError}
          >
            {subtitles.map((subtitle) => (
              <track key={subtitle.lang} kind="subtitles" srcLang={subtitle.lang} label={subtitle.label} src={subtitle.src} />
            ))}
          </ReactPlayer>
        )}
        {progress.resumeAt !== null && !failed && !rentalEnded && (
          <div className={`${styles.overlay} ${styles.choices}`} role="group" aria-label="Continue where you left off">
            <button type="button" className={`${button.button} ${button.primary} ${button.small}`} onClick={() => start(progress.resumeAt ?? 0)}>
              Resume from {formatTime(progress.resumeAt)}
            </button>
            <button type="button" className={`${button.button} ${button.ghost} ${button.small}`} onClick={() => start(0)}>
              Start over
            </button>
          </div>
        )}
        {overlay}
      </div>
      {captions.offered && !failed && <CaptionsMenu subtitles={subtitles} value={captions.choice} onChange={captions.choose} />}
    </>
  );
}
