'use client';

import type { Hls } from 'hls-video-element';
import { takePrimed } from '@/lib/media/primed';
import { isMediaLink } from '@/lib/routes';

/** Where hls.js reports a 403 from /api/media (a paid stream's playlist or key): as its own error, never the element's. */
export const hlsRefusals = new EventTarget();

/**
 * hls.js's defaults, set on the library itself before react-player's HLS element (hls-video) creates an instance:
 * that element gets its `config` prop only in a layout effect, after a concurrent render may already have
 * started loading without it. Start at the lowest rendition (its 2 s segment is the first frame a phone waits for,
 * and what a bought stream's first requests primed: lib/media/primed.ts), without hls.js's bandwidth probe (a
 * first segment fetched only to be timed and thrown away: two more round trips before the first frame, a second on
 * a phone's link); then follow the speed measured on that segment up or down. Never fetch a rendition sharper
 * than the player shows, and report refusals.
 */
const DEFAULTS: Partial<Hls['config']> = {
  startLevel: 0,
  testBandwidth: false,
  capLevelToPlayerSize: true,
  xhrSetup(xhr, url) {
    if (!isMediaLink(new URL(url, location.href).pathname)) return;
    xhr.addEventListener('loadend', () => xhr.status === 403 && hlsRefusals.dispatchEvent(new Event('refused')));
  },
};

type LoaderClass = Hls['config']['loader'];
type LoadArguments = Parameters<InstanceType<LoaderClass>['load']>;

/**
 * hls.js's own loader, answering from what was primed (lib/media/primed.ts) where a request was asked for ahead of
 * it: the answer's timings are the real request's, so the bandwidth estimate stays true. Anything not primed, or
 * primed and failed (a 403 included, which hls.js then meets itself and reports), is asked for as always.
 */
function primedLoader(Loader: LoaderClass): LoaderClass {
  return class PrimedLoader extends Loader {
    load(...[context, config, callbacks]: LoadArguments) {
      const waiting = takePrimed(context.url);
      if (!waiting) return super.load(context, config, callbacks);
      void waiting.then((primed) => {
        if (this.stats.aborted) return;
        if (!primed || primed.status < 200 || primed.status >= 300) return super.load(context, config, callbacks);
        const { stats } = this;
        stats.loading = { start: primed.start, first: primed.first, end: primed.end };
        stats.loaded = stats.total = primed.data.byteLength;
        const data = context.responseType === 'arraybuffer' ? primed.data : new TextDecoder().decode(primed.data);
        callbacks.onSuccess({ url: primed.url, data, code: primed.status }, stats, context, null);
      });
    }
  };
}

let configured: Promise<void> | undefined;
let ready = false;

/** Whether the defaults are set: a player opened after its code was fetched (warmPlayer.ts) renders the stream at once. */
export const hlsConfigured = () => ready;

/**
 * Loads the HLS element's code and sets the defaults, once; with it, beside it rather than after it, the element's
 * React wrapper, which react-player loads itself once the stream renders.
 */
export function configureHls(): Promise<void> {
  configured ??= Promise.all([
    import('hls-video-element').then(({ Hls }) => void Object.assign(Hls.DefaultConfig, DEFAULTS, { loader: primedLoader(Hls.DefaultConfig.loader) })),
    import('hls-video-element/react'),
  ]).then(() => void (ready = true));
  return configured;
}
