/** The cover of a title without one, or whose own cover fails to load (a file in public/). */
export const DEFAULT_COVER = '/default-cover.jpg';

/** A cover on another host: the image optimiser is not configured for it, so it is shown as it is. */
export const isRemoteCover = (src: string) => /^https?:\/\//.test(src);

/** The attribute that marks an image as a title's cover, for the fallback below. */
export const COVER_ATTRIBUTE = 'data-cover';

/**
 * Run from the head before any image loads: a cover that fails (404, broken file) shows the default
 * image instead. An image's `error` does not bubble, so one listener captures it for the document,
 * covers rendered later by React included; `data-fallback` stops a loop if the default fails too.
 */
export const COVER_FALLBACK_SCRIPT = `document.addEventListener("error",function(e){var i=e.target;if(i instanceof HTMLImageElement&&i.hasAttribute(${JSON.stringify(COVER_ATTRIBUTE)})&&!i.hasAttribute("data-fallback")){i.setAttribute("data-fallback","");i.removeAttribute("srcset");i.src=${JSON.stringify(DEFAULT_COVER)}}},true)`;
