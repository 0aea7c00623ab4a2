import { Children, isValidElement } from 'react';
import styles from './CardGrid.module.css';

/** A responsive list of cards: one column on a phone up to six on a wide desktop. */
export function CardGrid({ children }: { children: React.ReactNode }) {
  return (
    <ul className={styles.grid}>
      {Children.toArray(children).map((child, index) => (
        <li key={isValidElement(child) ? child.key : index} className={styles.item}>
          {child}
        </li>
      ))}
    </ul>
  );
}
