'use client';

import { useCallback, useState } from 'react';
import { nextInQueue } from '@/lib/watching/queue';
import { ModalDialog } from '../dialog/ModalDialog';
import { usePlaybackLinks } from './PlaybackLinksContext';
import { usePlayer, type PlayRequest } from './PlayerContext';
import { UpNext } from './UpNext';
import { VideoPlayer } from './VideoPlayer';

/** The page's player in a modal, loaded on first use so react-player never ships with a page. */
export default function PlayerModal({ onClose, ...request }: PlayRequest & { onClose: () => void }) {
  const { src, title, videoPath, watch, queue, subtitles } = request;
  const play = usePlayer();
  const links = usePlaybackLinks();
  const [ended, setEnded] = useState(false);
  const next = nextInQueue(queue, watch?.path);

  const playNext = useCallback(
    (nextSrc: string) => {
      if (!next) return;
      setEnded(false);
      play({ src: nextSrc, title: next.title, videoPath: next.src ? undefined : next.path, watch: next, queue, subtitles: next.subtitles });
    },
    [next, play, queue],
  );
  const buyNext = () => {
    if (!next?.purchasePath || !links) return;
    onClose();
    links.unlock({ purchasePath: next.purchasePath, title: next.title, playPath: next.path });
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
        onEnded={() => setEnded(true)}
        overlay={ended && next && <UpNext episode={next} onPlay={playNext} onBuy={buyNext} />}
      />
    </ModalDialog>
  );
}
