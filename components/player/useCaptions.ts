'use client';

import { useCallback, useEffect, useState } from 'react';
import type { Subtitle } from '@/lib/catalog/types';
import { CAPTIONS_OFF, captionsFor, rememberCaptions, rememberedCaptions } from './captionPreference';

/**
 * The captions of one video: the viewer's remembered language is shown when this video has it, the
 * <track> modes follow the captions menu, and a choice made with the browser's own captions button
 * (native controls) moves the menu and is remembered the same way.
 */
export function useCaptions(media: HTMLVideoElement | null, subtitles: Subtitle[]) {
  const [choice, setChoice] = useState(() => captionsFor(subtitles, rememberedCaptions()));

  const choose = useCallback((next: string) => {
    setChoice(next);
    rememberCaptions(next);
  }, []);

  useEffect(() => {
    const tracks = media?.textTracks;
    if (!tracks || subtitles.length === 0) return;
    const apply = () => {
      for (const track of Array.from(tracks)) {
        const mode = track.language === choice ? 'showing' : 'disabled';
        if (track.mode !== mode) track.mode = mode;
      }
    };
    const follow = () => {
      const showing = Array.from(tracks).find((track) => track.mode === 'showing')?.language ?? CAPTIONS_OFF;
      if (showing !== choice) choose(showing);
    };
    apply();
    tracks.addEventListener('addtrack', apply);
    tracks.addEventListener('change', follow);
    return () => {
      tracks.removeEventListener('addtrack', apply);
      tracks.removeEventListener('change', follow);
    };
  }, [media, subtitles.length, choice, choose]);

  // Embedded players (YouTube, Vimeo) have no text tracks of ours: no menu that would do nothing.
  const offered = subtitles.length > 0 && (media?.textTracks?.length ?? 0) > 0;
  return { choice, choose, offered };
}
