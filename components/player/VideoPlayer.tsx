'use client';

import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import ReactPlayer from 'react-player';
import type { Subtitle } from '@/lib/catalog/types';
import { usePlaybackLinks } from '../payment/PurchasesProvider';
import { CaptionsMenu } from './CaptionsMenu';
import { useCaptions } from './useCaptions';
import styles from './VideoPlayer.module.css';

type Props = {
  src: string;
  title: string;
  /** For a video this browser bought: its path, so an expired playback link can be swapped for a fresh one. */
  videoPath?: string;
  /** WebVTT tracks of a free title, offered in the captions menu. */
  subtitles?: Subtitle[];
};

const NO_SUBTITLES: Subtitle[] = [];

/** Links to paid videos are short-lived and bound to this browser (see /api/media). */
const isPlaybackLink = (src: string) => src.startsWith('/api/media/');

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
export function VideoPlayer({ src, title, videoPath, subtitles = NO_SUBTITLES }: Props) {
  const links = usePlaybackLinks();
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const captions = useCaptions(media, subtitles);
  const latest = (videoPath && links?.videoFor(videoPath)) || src;
  const [pinned, setPinned] = useState(src);
  const [failedLink, setFailedLink] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const position = useRef({ time: 0, paused: false });
  const resume = useRef<{ time: number; paused: boolean } | null>(null);
  const retries = useRef(0);

  // A fresh link arrived for the one that failed: continue on it (React's "adjust state while rendering").
  if (failedLink === pinned && latest !== pinned) {
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

  const onError = (event: SyntheticEvent<HTMLVideoElement>) => {
    if (links && isPlaybackLink(pinned) && retries.current < 2) {
      retries.current += 1;
      resume.current = { ...position.current };
      setFailedLink(pinned);
      if (latest === pinned) void links.renewLinks();
      return;
    }
    fail(event.currentTarget.error ?? event);
  };

  const remember = (event: SyntheticEvent<HTMLVideoElement>) => {
    const media = event.currentTarget;
    // A source being swapped reports 0 before it loads: that is not where the viewer was.
    if (media.readyState > 0) position.current = { time: media.currentTime, paused: media.paused };
  };

  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    retries.current = 0;
    const media = event.currentTarget;
    if (!resume.current) return;
    media.currentTime = resume.current.time;
    if (resume.current.paused) media.pause();
    resume.current = null;
  };

  const attach = useCallback(
    (media: HTMLVideoElement | null) => {
      setMedia(media);
      if (!media) return;
      // Files get no download button and no picture-in-picture; the attributes are inert on embeds.
      media.setAttribute('controlslist', 'nodownload');
      media.setAttribute('disablepictureinpicture', '');
      // A source can fail before React listens (an instant 404 while the element is still detached).
      if (media.error && !isPlaybackLink(media.currentSrc)) fail(media.error);
    },
    [fail],
  );

  return (
    <>
      <div className={styles.frame}>
        {failed ? (
          <p role="alert" className={styles.error}>
            This video could not be played. Please try again later.
          </p>
        ) : (
          <ReactPlayer
            ref={attach}
            src={pinned}
            controls
            autoPlay
            playsInline
            preload="none"
            volume={1}
            width="100%"
            height="100%"
            onTimeUpdate={remember}
            onPause={remember}
            onPlay={remember}
            onLoadedMetadata={onLoadedMetadata}
            onError={onError}
          >
            {subtitles.map((subtitle) => (
              <track key={subtitle.lang} kind="subtitles" srcLang={subtitle.lang} label={subtitle.label} src={subtitle.src} />
            ))}
          </ReactPlayer>
        )}
      </div>
      {captions.offered && !failed && <CaptionsMenu subtitles={subtitles} value={captions.choice} onChange={captions.choose} />}
    </>
  );
}
