import styles from './guides.module.css';

/** The heading block of a text page: eyebrow, title and a short lead. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: React.ReactNode }) {
  return (
    <header className={styles.intro}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.lead}>{children}</div>
    </header>
  );
}
