import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTINUE_FLAG_SCRIPT, PROGRESS_KEY, forgetProgress, formatTime, progressOf, readProgress, saveProgress, worthResuming } from '@/lib/watching/progress';

/** localStorage and window events, as a browser has them. */
function fakeBrowser() {
  const store = new Map<string, string>();
  const events: string[] = [];
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  vi.stubGlobal('window', { dispatchEvent: (event: Event) => events.push(event.type) });
  return { store, events };
}

const entry = (path: string, position: number, updatedAt: number) => ({ path, title: path, cover: null, position, duration: 60, updatedAt });

describe('watch progress in localStorage', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
  });

  it('keeps one entry per video, most recent first, and tells the page it changed', () => {
    saveProgress(entry('trailers/a', 10, 1));
    saveProgress(entry('trailers/b', 20, 2));
    saveProgress(entry('trailers/a', 30, 3));
    expect(readProgress().map((p) => [p.path, p.position])).toEqual([
      ['trailers/a', 30],
      ['trailers/b', 20],
    ]);
    expect(progressOf('trailers/b')?.position).toBe(20);
    expect(browser.events).toEqual(['solenema:progress', 'solenema:progress', 'solenema:progress']);
  });

  it('forgets a video, and removes the key when nothing is left', () => {
    saveProgress(entry('trailers/a', 10, 1));
    forgetProgress('trailers/a');
    expect(readProgress()).toEqual([]);
    expect(browser.store.has(PROGRESS_KEY)).toBe(false);
  });

  it('keeps the 20 most recent', () => {
    for (let i = 0; i < 25; i++) saveProgress(entry(`trailers/${i}`, 10, i));
    expect(readProgress()).toHaveLength(20);
    expect(readProgress()[0]?.path).toBe('trailers/24');
  });

  it("keeps a free video's subtitles with its place, and skips an entry whose subtitles are not tracks", () => {
    const subtitles = [{ lang: 'en', label: 'English', src: '/media/captions/a.en.vtt' }];
    saveProgress({ ...entry('trailers/a', 10, 1), src: '/media/clips/a.mp4', subtitles });
    expect(progressOf('trailers/a')?.subtitles).toEqual(subtitles);
    browser.store.set(PROGRESS_KEY, JSON.stringify([{ ...entry('trailers/b', 10, 1), subtitles: [{ lang: 1 }] }]));
    expect(readProgress()).toEqual([]);
  });

  it('skips tampered entries and survives text that is not JSON', () => {
    browser.store.set(PROGRESS_KEY, JSON.stringify([entry('trailers/a', 10, 1), { path: 1 }, null, { ...entry('x', 5, 1), position: 'NaN' }]));
    expect(readProgress().map((p) => p.path)).toEqual(['trailers/a']);
    browser.store.set(PROGRESS_KEY, '{not json');
    expect(readProgress()).toEqual([]);
  });
});

describe('resuming', () => {
  it('offers it from 2 s on, and not in the last second (that counts as watched)', () => {
    expect(worthResuming({ position: 1.5, duration: 60 })).toBe(false);
    expect(worthResuming({ position: 2, duration: 60 })).toBe(true);
    expect(worthResuming({ position: 59.5, duration: 60 })).toBe(false);
    expect(worthResuming({ position: 30, duration: 0 })).toBe(true);
  });

  it('reads times as a viewer does', () => {
    expect([0, 3.9, 754, 3723].map(formatTime)).toEqual(['0:00', '0:03', '12:34', '1:02:03']);
  });

  it('flags the page before it paints only when there is something to continue', () => {
    const flag = (stored: string | null) => {
      const attributes = new Set<string>();
      const run = new Function('localStorage', 'document', CONTINUE_FLAG_SCRIPT);
      run({ getItem: () => stored }, { documentElement: { setAttribute: (name: string) => attributes.add(name) } });
      return attributes.has('data-continue');
    };
    expect(flag(JSON.stringify([entry('trailers/a', 10, 1)]))).toBe(true);
    expect(flag(null)).toBe(false);
    expect(flag('[]')).toBe(false);
    expect(flag('{broken')).toBe(false);
  });
});
