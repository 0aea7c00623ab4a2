import styles from './guides.module.css';

/** A titled section of a guide page, labelled by its own heading. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
