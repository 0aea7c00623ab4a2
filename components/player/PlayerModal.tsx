'use client';

import { ModalDialog } from '../dialog/ModalDialog';
import { VideoPlayer } from './VideoPlayer';

/** The free-title player: loaded on first use, so react-player never ships with a page. */
export function PlayerModal({ src, title, videoPath, onClose }: { src: string; title: string; videoPath?: string; onClose: () => void }) {
  return (
    <ModalDialog title={title} onClose={onClose} closeLabel="Close player">
      <VideoPlayer src={src} title={title} videoPath={videoPath} />
    </ModalDialog>
  );
}
