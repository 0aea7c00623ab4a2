import 'server-only';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverCheck } from './reads';
import { DEFAULT_COVER } from './default-cover';

const PUBLIC_DIR = join(process.cwd(), 'public');

/**
 * Checks site-relative covers against public/. Only where public/ is on disk (a build, `next start`,
 * `next dev`); a serverless function without it keeps every cover and the browser falls back instead.
 */
export function publicCoverCheck(): CoverCheck {
  if (!existsSync(join(PUBLIC_DIR, DEFAULT_COVER))) return () => true;
  return (coverimg) => !coverimg.startsWith('/') || existsSync(join(PUBLIC_DIR, decodeURI(coverimg.split('?')[0] ?? '')));
}
