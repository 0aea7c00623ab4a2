'use client';

import type { Hls } from 'hls-video-element';

/** Where hls.js reports a 403 from /api/media (a paid stream's playlist or key): as its own error, never the element's. */
export const hlsRefusals = new EventTarget();

/**
 * hls.js's defaults, set on the library itself before react-player's HLS element (hls-video) creates an instance:
 * that element gets its `config` prop only in a layout effect, after a concurrent render may already have
 * started loading without it. Start at the rendition hls.js's bandwidth estimate carries (-1), without its
 * bandwidth probe (a first segment of the lowest rendition fetched only to be timed and thrown away: two more
 * round trips before the first frame, a second on a phone's link); then follow the measured speed up or down.
 * Never fetch a rendition sharper than the player shows, and report refusals.
 */
const DEFAULTS: Partial<Hls['config']> = {
  startLevel: -1,
  testBandwidth: false,
  capLevelToPlayerSize: true,
  xhrSetup(xhr, url) {
    if (!new URL(url, location.href).pathname.startsWith('/api/media/')) return;
    xhr.addEventListener('loadend', () => xhr.status === 403 && hlsRefusals.dispatchEvent(new Event('refused')));
  },
};

let configured: Promise<void> | undefined;

/** Loads the HLS element's code (the chunk react-player would load) and sets the defaults, once. */
export function configureHls(): Promise<void> {
  configured ??= import('hls-video-element').then(({ Hls }) => void Object.assign(Hls.DefaultConfig, DEFAULTS));
  return configured;
}
