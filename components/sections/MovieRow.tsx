import type { Episode, MovieItem } from '@/lib/catalog/types';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { MovieCard } from '../cards/MovieCard';
import { Carousel } from '../carousel/Carousel';
import { Section } from '../layout/Section';
import styles from './sections.module.css';

type Props<Item> = {
  id: string;
  title: string;
  items: Item[];
  /** The ways a locked item is sold (lib/payments/checkout/title-offers.ts). */
  offersOf: (item: Item) => ShownOffer[];
  loop: boolean;
  emptyText: string;
  seeAll?: { href: string; label: string };
};

/** A titled carousel of playable cards (trailers, documentaries, episodes). */
export function MovieRow<Item extends MovieItem | Episode>({ id, title, items, offersOf, loop, emptyText, seeAll }: Props<Item>) {
  return (
    <Section id={id} title={title} seeAll={seeAll}>
      {items.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <Carousel label={title} loop={loop}>
          {items.map((item) => (
            <MovieCard key={item.id} item={item} offers={offersOf(item)} />
          ))}
        </Carousel>
      )}
    </Section>
  );
}
