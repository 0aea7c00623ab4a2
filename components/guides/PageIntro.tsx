import { Eyebrow } from '../ui/Eyebrow';
import styles from './guides.module.css';

/** The heading block of a text page: eyebrow, title and a short lead. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: React.ReactNode }) {
  return (
    <header className={styles.intro}>
      <Eyebrow className={styles.eyebrow}>{eyebrow}</Eyebrow>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.lead}>{children}</div>
    </header>
  );
}
