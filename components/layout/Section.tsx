import styles from './Section.module.css';

type Props = {
  title: string;
  id: string;
  children: React.ReactNode;
  /** A plain link beside the heading to the whole list ("See all"), when the section shows only its start. */
  seeAll?: { href: string; label: string };
};

/**
 * A titled band of the page, labelled by its heading for screen-reader landmarks. The browser skips
 * drawing a band until it nears the screen (Section.module.css). No Suspense boundary inside: React
 * would send a band this large after the rest of the page and move it into place with a script.
 */
export function Section({ title, id, children, seeAll }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {seeAll && (
          <a className={styles.seeAll} href={seeAll.href} aria-label={seeAll.label}>
            See all
          </a>
        )}
      </div>
      {children}
    </section>
  );
}
