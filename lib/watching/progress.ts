import type { Subtitle } from '../catalog/types';

/**
 * Where this browser stopped in each video, kept in localStorage only: pages stay static and the
 * same for everyone, and nothing personal reaches the server.
 */

/** What the player is told about the video it plays, enough to list it under "Continue watching". */
export interface WatchInfo {
  /** The catalog path of the video (`trailers/abc`, `series/x/seasons/y/episodes/z`): its key here. */
  path: string;
  title: string;
  cover: string | null;
}

export interface Progress extends WatchInfo {
  /** Seconds. */
  position: number;
  duration: number;
  updatedAt: number;
  /** A free video's public URL, so the row can play it at once; never a paid video's personal link. */
  src?: string;
  /** A free video's subtitles, so resuming from the row offers them too. */
  subtitles?: Subtitle[];
}

export const PROGRESS_KEY = 'solenema:progress';
/** Fired on this window when progress changes (the `storage` event covers other tabs). */
export const PROGRESS_EVENT = 'solenema:progress';
const KEEP = 20;

/** So near the end (its last second) that the video counts as watched: no prompt to resume, and a completed play. */
export const watchedToEnd = ({ position, duration }: Pick<Progress, 'position' | 'duration'>) => duration > 0 && duration - position < 1;

/** Too early to be worth a prompt, or watched to its end. */
export const worthResuming = (progress: Pick<Progress, 'position' | 'duration'>) => progress.position >= 2 && !watchedToEnd(progress);

const isProgress = (value: unknown): value is Progress => {
  const p = value as Progress;
  return (
    typeof p?.path === 'string' &&
    typeof p.title === 'string' &&
    (p.cover === null || typeof p.cover === 'string') &&
    Number.isFinite(p.position) &&
    Number.isFinite(p.duration) &&
    Number.isFinite(p.updatedAt) &&
    (p.src === undefined || typeof p.src === 'string') &&
    (p.subtitles === undefined || (Array.isArray(p.subtitles) && p.subtitles.every(isSubtitle)))
  );
};

const isSubtitle = (value: unknown): value is Subtitle => {
  const s = value as Subtitle;
  return typeof s?.lang === 'string' && typeof s.label === 'string' && typeof s.src === 'string';
};

/** The stored text as it is: a stable snapshot for useSyncExternalStore. */
export function progressSnapshot(): string {
  try {
    return localStorage.getItem(PROGRESS_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

/** Everything remembered, most recent first; a tampered or foreign entry is skipped. */
export function parseProgress(text: string): Progress[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isProgress).sort((a, b) => b.updatedAt - a.updatedAt) : [];
  } catch {
    return [];
  }
}

export const readProgress = () => parseProgress(progressSnapshot());
export const progressOf = (path: string) => readProgress().find((p) => p.path === path);

function write(entries: Progress[]) {
  try {
    if (entries.length === 0) localStorage.removeItem(PROGRESS_KEY);
    else localStorage.setItem(PROGRESS_KEY, JSON.stringify(entries.slice(0, KEEP)));
    window.dispatchEvent(new Event(PROGRESS_EVENT));
  } catch {
    // Storage full or disabled: the video still plays, it just will not be remembered.
  }
}

export function saveProgress(progress: Progress) {
  write([progress, ...readProgress().filter((p) => p.path !== progress.path)]);
}

export function forgetProgress(path: string) {
  write(readProgress().filter((p) => p.path !== path));
}

/** `12:34`, or `1:02:03` past an hour. */
export function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * Run inline before the home page paints: marks <html data-continue> when there is something to
 * continue, so the row's space is there from the first frame and nothing shifts when it fills in.
 */
export const CONTINUE_FLAG_SCRIPT = `try{var p=JSON.parse(localStorage.getItem(${JSON.stringify(PROGRESS_KEY)})||"[]");if(Array.isArray(p)&&p.length)document.documentElement.setAttribute("data-continue","")}catch(e){}`;
