'use client';

import { PlayIcon } from '../ui/icons';
import button from '../ui/button.module.css';
import { useEpisodeQueue } from './EpisodeQueue';
import { usePlayer, type PlayRequest } from './PlayerContext';
import { intendPlay } from './warmPlayer';

/**
 * The "Free" button of an unlocked title: opens the page's player, which gives focus back here when
 * it closes. `label` reads "Resume" in the Continue watching row. Its source's code is fetched before
 * the click (warmPlayer.ts): at the first sign of intent, and on a title's page once it has settled (PlayerPrefetch).
 */
export function FreePlayButton({ label = 'Free', ...request }: PlayRequest & { label?: string }) {
  const play = usePlayer();
  const queue = useEpisodeQueue();
  const { src } = request;
  const warm = () => intendPlay(src);
  return (
    <button
      type="button"
      className={`${button.button} ${button.primary} ${button.small}`}
      aria-haspopup="dialog"
      data-opener={`play:${request.watch?.path ?? src}`}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={(event) => play({ queue, ...request }, event.currentTarget)}
    >
      <PlayIcon />
      {label}
      <span className="visually-hidden">: play {request.title}</span>
    </button>
  );
}
