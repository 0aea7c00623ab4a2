'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { QueuedEpisode } from '@/lib/watching/queue';

const EpisodeQueueContext = createContext<readonly QueuedEpisode[] | undefined>(undefined);

/**
 * The episodes of a page in watching order (a season, then the next season's first episode): given
 * once for the page, so each play button hands the player the whole queue for "Up next".
 */
export function EpisodeQueue({ queue, children }: { queue: QueuedEpisode[]; children: ReactNode }) {
  return <EpisodeQueueContext.Provider value={queue}>{children}</EpisodeQueueContext.Provider>;
}

export const useEpisodeQueue = () => useContext(EpisodeQueueContext);
