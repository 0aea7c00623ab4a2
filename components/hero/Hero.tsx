import { getImageProps } from 'next/image';
import { preload } from 'react-dom';
import type { MovieItem } from '@/lib/catalog/types';
import { HeroStage } from './HeroStage';
import styles from './Hero.module.css';

/** A small, looping cut made for the hero; the featured title's own video plays from its card. */
const HERO_VIDEO = '/media/clips/hero.mp4';
const HERO_POSTER = '/media/hero-poster.jpg';
const FALLBACK_DESCRIPTION = 'Trailers, documentaries, series and short films. Free titles play at once; the rest unlock with Solana.';
/**
 * Up to 782 px wide (440 × 16 / 9) the stage is 440 px tall (Hero.module.css), so the poster, covering it, is drawn
 * 782 px wide on every phone and cropped to the screen; wider, it is drawn the screen's width.
 */
const PHONE = '(max-width: 782px)';
const WIDE = '(min-width: 783px)';
const PHONE_DRAWN_WIDTH = '782px';
/** The poster file's width (public/media/hero-poster.jpg, a frame of the loop). */
const HERO_POSTER_WIDTH = 1280;

/**
 * A srcset whose entries past the source's width say what they hold: the optimizer never enlarges, so its 1920 px
 * entry is the 1280 px file, and a browser told 1920w takes it for an image drawn larger than it is.
 */
function upToSourceWidth(srcSet: string, sourceWidth: number): string {
  const entries = srcSet.split(', ').map((entry) => {
    const [url, descriptor] = entry.split(' ');
    return { url: url!, width: Number.parseInt(descriptor!, 10) };
  });
  const covering = entries.find((entry) => entry.width >= sourceWidth);
  return [...entries.filter((entry) => entry.width < sourceWidth), ...(covering ? [{ url: covering.url, width: sourceWidth }] : [])]
    .map((entry) => `${entry.url} ${entry.width}w`)
    .join(', ');
}

/**
 * The poster, the page's largest paint, under the video (transparent until it plays), preloaded from the head at
 * high priority and painted with the first frame. A phone gets the optimizer's AVIF or WebP at the width it is
 * drawn (2.4–5.3 KB, not the 13 KB JPEG it downloaded as the video's `poster`). A wider screen keeps the JPEG: a
 * smooth frame encoded that small is, over a desktop's hero, under the 0.05 bits a drawn pixel below which Chrome
 * takes an image for a placeholder and reports a later paint (the playing video) as the largest.
 */
function HeroPoster() {
  const { props } = getImageProps({ src: HERO_POSTER, alt: '', fill: true, sizes: PHONE_DRAWN_WIDTH });
  const phoneSrcSet = upToSourceWidth(props.srcSet ?? '', HERO_POSTER_WIDTH);
  preload(props.src, { as: 'image', imageSrcSet: phoneSrcSet, imageSizes: PHONE_DRAWN_WIDTH, media: PHONE, fetchPriority: 'high' });
  preload(HERO_POSTER, { as: 'image', media: WIDE, fetchPriority: 'high' });
  return (
    <picture>
      <source media={PHONE} srcSet={phoneSrcSet} sizes={PHONE_DRAWN_WIDTH} />
      <img src={HERO_POSTER} alt="" className={styles.poster} decoding="sync" fetchPriority="high" />
    </picture>
  );
}

/** The home page's opening: the most popular free trailer is the featured title. */
export function Hero({ trailers }: { trailers: MovieItem[] }) {
  const featured = trailers.find((trailer) => !trailer.locked);
  const title = featured?.title ?? 'Solenema';
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <HeroStage videoSrc={HERO_VIDEO} poster={<HeroPoster />} videoLabel={`Trailer: ${title}`} description={featured?.description || FALLBACK_DESCRIPTION}>
        <p className={styles.eyebrow}>Featured trailer</p>
        <h2 id="hero-title" className={styles.title}>
          {title}
        </h2>
      </HeroStage>
    </section>
  );
}
