import type { Episode, MovieItem } from '@/lib/catalog/types';
import { MovieCard } from '../cards/MovieCard';
import { Carousel } from '../carousel/Carousel';
import { Section } from '../layout/Section';
import styles from './sections.module.css';

type Props = { id: string; title: string; items: (MovieItem | Episode)[]; loop: boolean; emptyText: string; seeAll?: { href: string; label: string } };

/** A titled carousel of playable cards (trailers, documentaries, episodes). */
export function MovieRow({ id, title, items, loop, emptyText, seeAll }: Props) {
  return (
    <Section id={id} title={title} seeAll={seeAll}>
      {items.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <Carousel label={title} loop={loop}>
          {items.map((item) => (
            <MovieCard key={item.id} item={item} />
          ))}
        </Carousel>
      )}
    </Section>
  );
}
