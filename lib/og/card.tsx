import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface Card {
  /** The big line: a title's name, or the site's tagline. */
  title: string;
  /** The small line above it: "Series", "Short film", … */
  kind: string;
}

type SatoriOptions = Parameters<typeof satori>[1];
type LoadAdditionalAsset = NonNullable<SatoriOptions['loadAdditionalAsset']>;

/**
 * Satori asks for this when a character is in none of our fonts: an emoji, or a script Inter
 * lacks (CJK, Hebrew, …). next/og answers by downloading a font or a Twemoji SVG from a CDN,
 * which offline (or behind a strict firewall) fails and drops the connection mid-answer. The card
 * is drawn from local fonts only: nothing is ever fetched.
 */
export const noRemoteAssets: LoadAdditionalAsset = async (code) => (code === 'emoji' ? '' : []);

/**
 * Inter, subset to Latin, as TTF (satori reads TTF, OTF and WOFF, not WOFF2); licence in
 * app/fonts/OFL-LICENSE.txt. Only the share images use it: the pages use the visitor's system font.
 */
let fonts: Promise<SatoriOptions['fonts']> | undefined;
function loadFonts() {
  fonts ??= Promise.all((['Regular', 'Bold'] as const).map((weight) => readFile(join(process.cwd(), 'app/fonts', `Inter-${weight}.ttf`)))).then(
    ([regular, bold]) => [
      { name: 'Inter', data: regular!, weight: 400 as const, style: 'normal' as const },
      { name: 'Inter', data: bold!, weight: 700 as const, style: 'normal' as const },
    ],
  );
  return fonts;
}

const MAX_TITLE = 90;
const clip = (text: string) => {
  const chars = [...text.trim()];
  return chars.length > MAX_TITLE
    ? `${chars
        .slice(0, MAX_TITLE - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
};

/**
 * The card as satori draws it (kept apart from PNG encoding so tests can read the SVG). Characters
 * no local font has would leave blank gaps, so a first pass notes them (satori names them when it
 * asks for an additional asset) and the card is drawn again without them.
 */
export async function cardSvg({ title, kind }: Card): Promise<string> {
  const missing: string[] = [];
  const noting: LoadAdditionalAsset = (code, segment) => {
    missing.push(segment);
    return noRemoteAssets(code, segment);
  };
  const text = clip(title);
  const svg = await draw(text, kind, noting);
  if (missing.length === 0) return svg;
  return draw(withoutCharacters(text, missing) || clip(FALLBACK_TITLE), kind, noRemoteAssets);
}

const FALLBACK_TITLE = 'Now on Solenema';

/** The title without the characters of `segments`; separators and spaces left dangling are tidied. */
export function withoutCharacters(text: string, segments: string[]): string {
  const drop = new Set([...segments.join('')].filter((char) => !/[\s\x20-\x7e]/u.test(char)));
  return [...text]
    .filter((char) => !drop.has(char))
    .join('')
    .replace(/\s+/gu, ' ')
    .replace(/ [·|–—](?: [·|–—])+(?= |$)/gu, (run) => ` ${run.at(-1)}`)
    .replace(/^\s*[·|–—]\s*|\s*[·|–—]\s*$/gu, '')
    .trim();
}

function draw(text: string, kind: string, loadAdditionalAsset: LoadAdditionalAsset) {
  return loadFonts().then((fonts) =>
    satori(
      <div
        style={{
          width: '100%',
          height: '100%',
          // Satori sizes boxes as content-box: without this the padding pushes the last line off the card.
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          padding: 72,
          fontFamily: 'Inter',
          color: '#f4f4f7',
          background: 'radial-gradient(circle at 20% 10%, #4b1d87 0%, #121219 55%, #09090d 100%)',
        }}
      >
        <div style={{ display: 'flex', fontSize: 30, letterSpacing: 8, color: '#b69cff' }}>{kind.toUpperCase()}</div>
        <div style={{ display: 'flex', fontSize: text.length > 40 ? 64 : 88, fontWeight: 700, lineHeight: 1.05 }}>{text}</div>
        <div style={{ display: 'flex', fontSize: 32, letterSpacing: 12, color: '#b0b0c3' }}>SOLENEMA</div>
      </div>,
      { width: CARD_WIDTH, height: CARD_HEIGHT, fonts, loadAdditionalAsset },
    ),
  );
}

/** The Open Graph card, 1200×630 PNG. */
export async function renderCard(card: Card): Promise<Buffer> {
  return sharp(Buffer.from(await cardSvg(card)))
    .png()
    .toBuffer();
}
