/** The cover of a title without one, or whose own cover fails to load (a file in public/). */
export const DEFAULT_COVER = '/default-cover.jpg';

/** A cover on another host: the image optimiser is not configured for it, so it is shown as it is. */
export const isRemoteCover = (src: string) => /^https?:\/\//.test(src);
