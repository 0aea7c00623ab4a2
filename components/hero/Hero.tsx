import { preload } from 'react-dom';
import type { MovieItem } from '@/lib/catalog/types';
import { HeroStage } from './HeroStage';
import styles from './Hero.module.css';

/** A small, looping cut made for the hero; the featured title's own video plays from its card. */
const HERO_VIDEO = '/media/clips/hero.mp4';
const HERO_POSTER = '/media/hero-poster.jpg';
const FALLBACK_DESCRIPTION = 'Trailers, documentaries, series and short films. Free titles play at once; the rest unlock with Solana.';

/** The home page's opening: the most popular free trailer is the featured title. */
export function Hero({ trailers }: { trailers: MovieItem[] }) {
  // The poster is the page's largest paint: fetched from the head, ahead of scripts and fonts.
  preload(HERO_POSTER, { as: 'image', fetchPriority: 'high' });
  const featured = trailers.find((trailer) => !trailer.locked);
  const title = featured?.title ?? 'Solenema';
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <HeroStage videoSrc={HERO_VIDEO} poster={HERO_POSTER} videoLabel={`Trailer: ${title}`} description={featured?.description || FALLBACK_DESCRIPTION}>
        <p className={styles.eyebrow}>Featured trailer</p>
        <h2 id="hero-title" className={styles.title}>
          {title}
        </h2>
      </HeroStage>
    </section>
  );
}
