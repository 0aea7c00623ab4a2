'use client';

import { useCallback, useState } from 'react';
import ReactPlayer from 'react-player';
import styles from './VideoPlayer.module.css';

/**
 * A 16:9 player for any source react-player knows (files, HLS, DASH, Mux, YouTube, Vimeo, Wistia).
 * Browser-only: it is imported solely by modules that are themselves loaded with ssr: false.
 */
export function VideoPlayer({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);

  const fail = useCallback(
    (reason: unknown) => {
      console.error(`[player] could not play "${title}"`, reason);
      setFailed(true);
    },
    [title],
  );

  const attach = useCallback(
    (media: HTMLVideoElement | null) => {
      if (!media) return;
      // Files get no download button and no picture-in-picture; the attributes are inert on embeds.
      media.setAttribute('controlslist', 'nodownload');
      media.setAttribute('disablepictureinpicture', '');
      // A source can fail before React listens (an instant 404 while the element is still detached).
      if (media.error) fail(media.error);
    },
    [fail],
  );

  return (
    <div className={styles.frame}>
      {failed ? (
        <p role="alert" className={styles.error}>
          This video could not be played. Please try again later.
        </p>
      ) : (
        <ReactPlayer
          ref={attach}
          src={src}
          controls
          autoPlay
          playsInline
          preload="none"
          volume={1}
          width="100%"
          height="100%"
          onError={(event) => fail(event.currentTarget.error ?? event)}
        />
      )}
    </div>
  );
}
