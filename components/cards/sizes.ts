/** `sizes` for covers laid out by the carousel and grid breakpoints (widest first). */
export const CARD_COVER_SIZES = '(min-width: 1400px) 17vw, (min-width: 1000px) 25vw, (min-width: 600px) 34vw, 100vw';
