/**
 * The pages the bench measures, with ids taken from the embedded catalog (content/*.json), which
 * `npm run seed` copied into the emulator. A locked title is preferred where there is one, so the page
 * carries a pay button and the wallet-code check means something.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './config';

export type PageKind = 'home' | 'series' | 'season' | 'shortFilm';

export interface Target {
  kind: PageKind;
  label: string;
  path: string;
}

type Entry = { id: string; data: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A collection as content/*.json holds it (an object keyed by id, or an array of documents with an id). */
function entries(collection: unknown): Entry[] {
  if (Array.isArray(collection)) {
    return collection.filter(isRecord).flatMap((data) => (typeof data.id === 'string' ? [{ id: data.id, data }] : []));
  }
  if (!isRecord(collection)) return [];
  return Object.entries(collection).flatMap(([id, data]) => (isRecord(data) ? [{ id, data }] : []));
}

function readCollection(file: string): Entry[] {
  const full = path.join(ROOT, 'content', file);
  if (!existsSync(full)) return [];
  return entries(JSON.parse(readFileSync(full, 'utf8'))).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const preferLocked = (list: Entry[]) => list.find((entry) => entry.data.locked === true) ?? list[0];

export interface TargetSelection {
  targets: Target[];
  /** Pages that could not be chosen, with why. */
  missing: string[];
}

export function chooseTargets(): TargetSelection {
  const targets: Target[] = [{ kind: 'home', label: 'home', path: '/' }];
  const missing: string[] = [];

  const series = preferLocked(readCollection('series.json'));
  if (series) {
    targets.push({ kind: 'series', label: 'series', path: `/series/${encodeURIComponent(series.id)}` });
    const seasons = entries(series.data.seasons).sort(
      (a, b) => Number(a.data.seasonNumber ?? Infinity) - Number(b.data.seasonNumber ?? Infinity),
    );
    const season = seasons[0];
    if (season) {
      targets.push({
        kind: 'season',
        label: 'season',
        path: `/series/${encodeURIComponent(series.id)}/season/${encodeURIComponent(season.id)}`,
      });
    } else missing.push(`season page: series ${series.id} has no season in content/series.json`);
  } else missing.push('series and season pages: no series in content/series.json');

  const shortFilm = preferLocked(readCollection('shortFilms.json'));
  if (shortFilm) targets.push({ kind: 'shortFilm', label: 'short film', path: `/short-films/${encodeURIComponent(shortFilm.id)}` });
  else missing.push('short-film page: no short film in content/shortFilms.json');

  return { targets, missing };
}
