import { GridCard, type GridCardProps } from '../cards/GridCard';
import { CardGrid } from '../grid/CardGrid';
import { Section } from '../layout/Section';
import styles from './sections.module.css';

type Props = { id: string; title: string; cards: (GridCardProps & { key: string })[]; emptyText: string; seeAll?: { href: string; label: string } };

/** A titled grid of series, short films or seasons. */
export function GridSection({ id, title, cards, emptyText, seeAll }: Props) {
  return (
    <Section id={id} title={title} seeAll={seeAll}>
      {cards.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <CardGrid>
          {cards.map(({ key, ...card }) => (
            <GridCard key={key} {...card} />
          ))}
        </CardGrid>
      )}
    </Section>
  );
}
