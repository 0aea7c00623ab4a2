'use client';

import dynamic from 'next/dynamic';
import { createContext, useContext, type ReactNode } from 'react';
import type { Subtitle } from '@/lib/catalog/types';
import type { WatchInfo } from '@/lib/watching/progress';
import type { QueuedEpisode } from '@/lib/watching/queue';
import { useDialogRequest } from '../dialog/useDialogRequest';

/** What a play button asks for; `videoPath` names a paid video whose short-lived link may be renewed. */
export interface PlayRequest {
  src: string;
  title: string;
  videoPath?: string;
  watch?: WatchInfo;
  /** The page's episodes in watching order, for "Up next" when this one ends. */
  queue?: readonly QueuedEpisode[];
  /** WebVTT tracks of a free title. */
  subtitles?: Subtitle[];
}

/** `opener` gets focus back when the player closes; playing the next episode keeps the first opener. */
type Play = (request: PlayRequest, opener?: HTMLElement) => void;
const PlayerContext = createContext<Play | null>(null);

// The player (and react-player with it) is fetched on the first play, never with the page.
const PlayerModal = dynamic(() => import('./PlayerModal').then((module) => module.PlayerModal), { ssr: false });

/**
 * The page's one player. It lives here, not in the card that opened it: a carousel re-renders its
 * cards when it becomes a Swiper (at the visitor's first interaction, often the very click on Play),
 * and a player owned by the card would vanish with it.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { request: playing, show: play, close } = useDialogRequest<PlayRequest>();
  return (
    <PlayerContext.Provider value={play}>
      {children}
      {playing && <PlayerModal {...playing} onClose={close} />}
    </PlayerContext.Provider>
  );
}

export function usePlayer(): Play {
  const play = useContext(PlayerContext);
  if (!play) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return play;
}
