/**
 * Letters that Unicode does not decompose into a base letter plus a mark, so NFD alone would keep
 * "Øresund" and "oresund" apart. Only Latin letters a visitor may type without them.
 */
const FOLDED: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const UNFOLDED = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Text as search compares it: case- and accent-insensitive (NFKD, then combining marks dropped), and
 * every run of what is not a letter or a digit (spaces, punctuation, emoji, "’") turned into one space,
 * so words are always separated by exactly one space. "Grandma’s Last Héist!" → "grandma s last heist".
 * NFKD is NFD plus compatibility forms, so full-width letters from a CJK keyboard ("ｎｉｇｈｔ") and
 * ligatures ("ﬁ") match too.
 */
export function normalizeText(text: string): string {
  // Most titles are plain ASCII, where the Unicode steps below change nothing: the same result, faster.
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(UNFOLDED, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Looked-up words are cut to this many characters: longer ones are matched exactly when ranked. */
export const MAX_TOKEN = 10;

/** The word a query is looked up by: its longest, since the longest is the rarest. */
export function lookupToken(normalizedQuery: string): string {
  const longest = normalizedQuery.split(' ').reduce((best, word) => (word.length > best.length ? word : best), '');
  return longest.slice(0, MAX_TOKEN);
}
