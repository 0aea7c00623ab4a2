'use client';

import { useCallback, useMemo, useState } from 'react';
import { playerKind } from '@/lib/video-providers';
import { nextInQueue } from '@/lib/watching/queue';
import { ModalDialog } from '../dialog/ModalDialog';
import { configureHls } from './hlsDefaults';
import { usePlaybackLinks, type UnlockRequest } from './PlaybackLinksContext';
import { usePlayer, type PlayRequest } from './PlayerContext';
import { PreviewEnd } from './PreviewEnd';
import { UpNext } from './UpNext';
import { VideoPlayer } from './VideoPlayer';

/**
 * The code a source needs beyond this chunk, fetched before the click (warmPlayer.ts): a stream's hls.js (its light
 * build, next.config.ts) and react-player's element for it; a file needs nothing more. A locked title's link (src '')
 * is not known yet: its stream code comes with the link (VideoPlayer).
 */
export function warm(src: string) {
  if (src && playerKind(src) === 'hls') void configureHls();
}

/** The page's player in a modal, loaded on first use so react-player never ships with a page. */
export default function PlayerModal({ onClose, ...request }: PlayRequest & { onClose: () => void }) {
  const { src, title, videoPath, watch, queue, subtitles, unlock, previewOf } = request;
  const play = usePlayer();
  const links = usePlaybackLinks();
  const [ended, setEnded] = useState(false);
  const next = nextInQueue(queue, watch?.path);
  const unlockNext = useMemo<UnlockRequest | undefined>(
    () => (next?.purchasePath ? { purchasePath: next.purchasePath, title: next.title, playPath: next.path, offers: next.offers ?? [] } : undefined),
    [next],
  );

  const playNext = useCallback(
    (nextSrc: string) => {
      if (!next) return;
      setEnded(false);
      play({ src: nextSrc, title: next.title, videoPath: next.src ? undefined : next.path, watch: next, queue, subtitles: next.subtitles, unlock: unlockNext });
    },
    [next, play, queue, unlockNext],
  );
  /** Closes the player and opens the purchase: of a locked next episode, or of this one once its rental has ended. */
  const buy = (what: UnlockRequest | undefined) => {
    if (!what || !links) return;
    onClose();
    links.unlock(what);
  };

  return (
    <ModalDialog title={title} onClose={onClose} closeLabel="Close player">
      <VideoPlayer
        key={watch?.path ?? src}
        src={src}
        title={title}
        videoPath={videoPath}
        watch={watch}
        subtitles={subtitles}
        payAgain={unlock && { offers: unlock.offers, open: () => buy(unlock) }}
        onEnded={() => setEnded(true)}
        overlay={
          ended &&
          (previewOf ? (
            <PreviewEnd offers={previewOf.offers} onBuy={() => buy(previewOf)} />
          ) : (
            next && <UpNext episode={next} onPlay={playNext} onBuy={() => buy(unlockNext)} />
          ))
        }
      />
    </ModalDialog>
  );
}
