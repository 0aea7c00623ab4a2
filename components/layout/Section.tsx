import styles from './Section.module.css';

type Props = { title: string; id: string; children: React.ReactNode };

/** A titled band of the page, labelled by its heading for screen-reader landmarks. */
export function Section({ title, id, children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
