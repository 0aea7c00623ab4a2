'use client';

import { createContext, useContext } from 'react';
import type { Subtitle } from '@/lib/catalog/types';
import type { WatchInfo } from '@/lib/watching/progress';
import type { QueuedEpisode } from '@/lib/watching/queue';
import type { UnlockRequest } from './PlaybackLinksContext';

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
  /** A rented video: how to pay for it again once the rental has ended. */
  unlock?: UnlockRequest;
  /** A locked video's free preview: the purchase its end offers in place. */
  previewOf?: UnlockRequest;
}

/** `opener` gets focus back when the player closes; playing the next episode keeps the first opener. */
export type Play = (request: PlayRequest, opener?: HTMLElement) => void;

export const PlayerContext = createContext<Play | null>(null);

export function usePlayer(): Play {
  const play = useContext(PlayerContext);
  if (!play) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return play;
}
