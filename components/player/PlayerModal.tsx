'use client';

import { ModalDialog } from '../dialog/ModalDialog';
import type { WatchInfo } from '@/lib/watching/progress';
import { VideoPlayer } from './VideoPlayer';

/** The free-title player: loaded on first use, so react-player never ships with a page. */
export function PlayerModal(props: { src: string; title: string; videoPath?: string; watch?: WatchInfo; onClose: () => void }) {
  const { src, title, videoPath, watch, onClose } = props;
  return (
    <ModalDialog title={title} onClose={onClose} closeLabel="Close player">
      <VideoPlayer src={src} title={title} videoPath={videoPath} watch={watch} />
    </ModalDialog>
  );
}
