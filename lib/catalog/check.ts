import type { z } from 'zod';
import { lockedStreamProblem, uriLines } from '../media/hls-playlists';
import { previewRendition } from '../media/preview-playlists';
import { VIDEOURL_FORMS, videoSource, type VideoSource } from '../media/source';
import { previewSecondsProblem } from './preview-seconds';
import type { CoverCheck } from './reads';
import { isDocumentId, parseTitlePath } from './kinds';
import type { Pricing } from './pricing';
import { preorderDate, timeLeft } from './release';
import { episodeDocSchema, seasonDocSchema, titleDocSchemas } from './schemas';
import type { RawDocument } from './store';
import { treesToSync } from './sync/trees';

/** One thing the operator should know about, by the document it is in. */
export interface Finding {
  path: string;
  message: string;
}

export interface CatalogCheck {
  /** Documents the site skips, with the reason. */
  broken: Finding[];
  /** Titles whose tree changed since the site last indexed it (not yet in lists or search as they are now). */
  unindexed: string[];
  /** Locked titles and episodes whose video anyone with its URL can watch. */
  publicPaidVideos: Finding[];
  /** Covers naming a file that does not exist (the default cover is shown instead). */
  missingCovers: Finding[];
  /** Videos the site's Content-Security-Policy would refuse to play, with the setting that allows them. */
  refusedVideos: Finding[];
  /** Locked titles and episodes playing a packaged stream, by their stream's base: `checkLockedStreams` reads them. */
  lockedStreams: { path: string; base: string; previewSeconds?: number }[];
  /** Locked streams the site refuses to serve (a segment in the clear, no key, a playlist missing): filled by `checkLockedStreams`. */
  refusedStreams: Finding[];
  /** Titles and seasons whose prices are malformed: not sold until they are fixed (lib/catalog/pricing.ts). */
  malformedPrices: Finding[];
  /** `previewSeconds` that plays no preview: not a length, on a free title, or on a video that cannot be cut (a file, Mux). */
  previews: Finding[];
  /** Titles and episodes with no cover at all (they show the default one): a note, not a problem. */
  withoutCover: string[];
  /** Titles with a `releaseDate`: a locked one's pre-order until then, a free one's date unused. Notes, not problems. */
  releases: Finding[];
}

/** What a title's release date does, by the clock `now`. */
function releaseNote(releaseDate: string, locked: boolean, now: number): string {
  if (!locked) return `free: its releaseDate (${releaseDate}) is not used, a free title plays at once`;
  return preorderDate({ locked, releaseDate }, now)
    ? `a pre-order until ${releaseDate}: sold now, plays from then (${timeLeft(releaseDate, now)})`
    : `released ${releaseDate}: sold and played as any locked title`;
}

/** Why a video could not play under the site's policy (and what allows it), or null when it can. */
export type VideoPolicyCheck = (videourl: string) => string | null;

/** The schema a catalog document is read with, by where it lives; null for paths that hold no title. */
function schemaAt(path: string): z.ZodType | null {
  const address = parseTitlePath(path);
  if (!address) return null;
  return address.depth === 'title' ? titleDocSchemas[address.kind] : address.depth === 'season' ? seasonDocSchema : episodeDocSchema;
}

const parentsOf = (path: string) => {
  const segments = path.split('/');
  return Array.from({ length: segments.length / 2 - 1 }, (_, i) => segments.slice(0, 2 * (i + 1)).join('/'));
};

/** Why a document's `previewSeconds` plays no preview, or null (none set, or one that plays). */
function previewFinding(value: unknown, locked: boolean, source: VideoSource | null, signed: boolean): string | null {
  if (value === undefined || value === null) return null;
  const problem = previewSecondsProblem(value);
  if (problem) return `${problem}: no preview plays until it is fixed`;
  if (!locked) return 'previewSeconds is set on a free title, which every visitor plays whole: remove it';
  if (!source || source.kind === 'stream') return null;
  const what = signed ? 'a Mux asset, which the site cannot cut' : source.kind === 'public' ? 'a public URL' : 'a single file, which cannot be cut';
  return `previewSeconds is set, but its video is ${what}: no preview plays. Package it as an HLS ladder (npm run media:package) for its first segments to play free`;
}

/**
 * What `npm run catalog:check` reports about a catalog's documents (a scan of Firestore): every problem
 * the site would otherwise only log when a page reads the document, and the titles the sync has not
 * indexed yet.
 */
export function checkCatalog(
  documents: RawDocument[],
  coverExists: CoverCheck,
  videoPolicy: VideoPolicyCheck,
  /** A public URL its provider plays only with a token the site signs for buyers (Mux, once a signing key is set). */
  signedPlayback: (videourl: string) => boolean = () => false,
  now = Date.now(),
): CatalogCheck {
  const titles = new Set(documents.map((doc) => doc.path));
  // A tree whose title is gone is no title to index: its left-behind documents are reported as broken below.
  const unindexed = treesToSync(documents).filter((tree) => titles.has(tree));
  const check: CatalogCheck = {
    broken: [],
    unindexed,
    publicPaidVideos: [],
    missingCovers: [],
    refusedVideos: [],
    lockedStreams: [],
    refusedStreams: [],
    malformedPrices: [],
    previews: [],
    withoutCover: [],
    releases: [],
  };
  const rawPreview = new Map(documents.map((raw) => [raw.path, (raw.data as { previewSeconds?: unknown }).previewSeconds]));
  const parsed = new Map<string, Record<string, unknown>>();
  for (const raw of documents) {
    const schema = schemaAt(raw.path);
    if (!schema) {
      const badId = raw.path.split('/').find((segment, index) => index % 2 === 1 && !isDocumentId(segment));
      const message = badId
        ? `its id ${JSON.stringify(badId)} is not one the site can address (letters, digits, - and _, up to 128): copy it to a document with such an id`
        : 'not where a title, season or episode can be (it is never shown)';
      check.broken.push({ path: raw.path, message });
      continue;
    }
    const result = schema.safeParse(raw.data);
    if (result.success) parsed.set(raw.path, result.data as Record<string, unknown>);
    else
      check.broken.push({
        path: raw.path,
        message: result.error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`).join('; '),
      });
  }
  for (const [path, doc] of parsed) {
    const parents = parentsOf(path);
    const missingParent = parents.find((parent) => !parsed.has(parent));
    if (missingParent) {
      check.broken.push({ path, message: `its parent ${missingParent} is missing or broken, so it is never shown` });
      continue;
    }
    const pricing = doc.pricing as Pricing | undefined;
    if (pricing?.kind === 'malformed') check.malformedPrices.push({ path, message: `not for sale until fixed: ${pricing.problems.join('; ')}` });
    const series = parents[0];
    if (
      series &&
      parseTitlePath(path)?.depth === 'season' &&
      pricing?.kind === 'own' &&
      (parsed.get(series)?.pricing as Pricing | undefined)?.kind === 'default'
    ) {
      check.malformedPrices.push({
        path: series,
        message: `sold whole at the site's price (PRICE_LAMPORTS) though its season ${path} has a price of its own: give the series its price`,
      });
    }
    const releaseDate = doc.releaseDate as string | undefined;
    if (releaseDate) check.releases.push({ path, message: releaseNote(releaseDate, doc.locked === true, now) });
    const cover = doc.coverimg as string | null;
    if (!cover) check.withoutCover.push(path);
    else if (!coverExists(cover)) check.missingCovers.push({ path, message: `cover ${cover} does not exist` });
    if (typeof doc.videourl !== 'string') continue;
    const locked = [...parents, path].some((p) => parsed.get(p)?.locked === true);
    const source = videoSource(doc.videourl);
    const preview = previewFinding(rawPreview.get(path), locked, source, signedPlayback(doc.videourl));
    if (preview) check.previews.push({ path, message: preview });
    if (!source) check.broken.push({ path, message: `videourl ${doc.videourl} cannot be served (${VIDEOURL_FORMS})` });
    else if (locked && source.kind === 'public' && !signedPlayback(doc.videourl)) {
      check.publicPaidVideos.push({
        path,
        message: `locked, but its video ${doc.videourl} is public: move it to private:… or gs://…, package it locked (npm run media:package), or sign its Mux playback (MUX_SIGNING_KEY_ID)`,
      });
    } else if (source.kind === 'public' || source.kind === 'stream') {
      const refused = videoPolicy(doc.videourl);
      if (refused) check.refusedVideos.push({ path, message: refused });
      const previewSeconds = doc.previewSeconds as number | undefined;
      if (locked && source.kind === 'stream') check.lockedStreams.push({ path, base: source.base, ...(previewSeconds !== undefined && { previewSeconds }) });
    }
  }
  return check;
}

/**
 * The check with its locked streams' playlists read (`read`: a playlist of the stream at `base`, or null): each one
 * the site would refuse its buyers is a finding naming the playlist at fault. Streams are read one at a time (a
 * catalog may hold thousands, all on one host), each once however many titles play it.
 */
export async function checkLockedStreams(check: CatalogCheck, read: (base: string, name: string) => Promise<string | null>): Promise<CatalogCheck> {
  const problems = new Map<string, string | null>();
  for (const { base } of check.lockedStreams) {
    if (!problems.has(base)) problems.set(base, await lockedStreamProblem(base, (name) => read(base, name)));
  }
  const refusedStreams = check.lockedStreams.flatMap(({ path, base }) => {
    const problem = problems.get(base);
    return problem ? [{ path, message: `${problem}: its buyers are refused the stream; package it again (npm run media:package)` }] : [];
  });
  const previews = [...check.previews];
  for (const { path, base, previewSeconds } of check.lockedStreams) {
    if (previewSeconds === undefined || problems.get(base)) continue;
    const first = uriLines((await read(base, 'master.m3u8')) ?? '')[0];
    const rendition = first ? await read(base, first) : null;
    if (rendition && !previewRendition(rendition, previewSeconds))
      previews.push({ path, message: `previewSeconds: ${previewSeconds} is shorter than the stream's first segment (${base}/${first}): no preview plays` });
  }
  return { ...check, refusedStreams, previews };
}

/** Whether anything in the check needs the operator (notes do not). */
export const needsOperator = (check: CatalogCheck) =>
  check.broken.length +
    check.unindexed.length +
    check.publicPaidVideos.length +
    check.missingCovers.length +
    check.refusedVideos.length +
    check.refusedStreams.length +
    check.malformedPrices.length +
    check.previews.length >
  0;
