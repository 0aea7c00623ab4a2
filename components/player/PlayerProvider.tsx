'use client';

import type { ReactNode } from 'react';
import { useDialogRequest } from '../dialog/useDialogRequest';
import { PlayerContext, type PlayRequest } from './PlayerContext';
import { onDemand } from '../ui/onDemand';
import { loadPlayer } from './warmPlayer';

// The player (and react-player with it) is never fetched with the page: before the first play (warmPlayer.ts), or on it.
const PlayerModal = onDemand(loadPlayer);

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
