'use client';

import type { ComponentProps } from 'react';
import { ModalDialog } from '../dialog/ModalDialog';
import { VideoPlayer } from './VideoPlayer';

type Props = ComponentProps<typeof VideoPlayer> & { onClose: () => void };

/** The free-title player: loaded on first use, so react-player never ships with a page. */
export function PlayerModal({ onClose, ...video }: Props) {
  return (
    <ModalDialog title={video.title} onClose={onClose} closeLabel="Close player">
      <VideoPlayer {...video} />
    </ModalDialog>
  );
}
