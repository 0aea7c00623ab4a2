import { describe, expect, it } from 'vitest';
import { CAPTIONS_OFF, captionsFor } from '@/components/player/captionPreference';

const track = (lang: string) => ({ lang, label: lang, src: `/media/captions/x.${lang}.vtt` });

describe('captionsFor: the remembered captions applied to the next video', () => {
  const subtitles = [track('en'), track('pt-BR')];

  it('is off for a viewer who never chose, or chose off', () => {
    expect(captionsFor(subtitles, null)).toBe(CAPTIONS_OFF);
    expect(captionsFor(subtitles, CAPTIONS_OFF)).toBe(CAPTIONS_OFF);
  });

  it('shows the same language, whatever its case', () => {
    expect(captionsFor(subtitles, 'en')).toBe('en');
    expect(captionsFor(subtitles, 'PT-br')).toBe('pt-BR');
  });

  it('falls back to the same primary language, and to off when the video has neither', () => {
    expect(captionsFor(subtitles, 'pt')).toBe('pt-BR');
    expect(captionsFor(subtitles, 'en-GB')).toBe('en');
    expect(captionsFor(subtitles, 'fr')).toBe(CAPTIONS_OFF);
    expect(captionsFor([], 'en')).toBe(CAPTIONS_OFF);
  });
});
