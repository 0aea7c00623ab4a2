'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import type { Subtitle } from '@/lib/catalog/types';
import { PlayIcon } from '../ui/icons';
import button from '../ui/button.module.css';

// The player (and react-player with it) is fetched on the first click, never with the page.
const PlayerModal = dynamic(() => import('./PlayerModal').then((module) => module.PlayerModal), { ssr: false });

/**
 * The "Free" button of an unlocked title: opens the modal player and takes focus back when it closes.
 * `videoPath` names a video this browser bought, whose short-lived link the player may renew.
 */
export function FreePlayButton({ src, title, videoPath, subtitles }: { src: string; title: string; videoPath?: string; subtitles?: Subtitle[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`${button.button} ${button.primary} ${button.small}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PlayIcon />
        Free<span className="visually-hidden">: play {title}</span>
      </button>
      {open && <PlayerModal src={src} title={title} videoPath={videoPath} subtitles={subtitles} onClose={close} />}
    </>
  );
}
