import styles from './Skeletons.module.css';

/** Announces what is loading; the shimmering shapes next to it are decoration. */
function LoadingLabel({ text }: { text: string }) {
  return (
    <p role="status" className={styles.label}>
      {text}
    </p>
  );
}

function Cards({ layout }: { layout: 'row' | 'grid' }) {
  return (
    <div className={styles[layout]} aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className={layout === 'row' ? `${styles.card} ${styles.rowItem}` : styles.card}>
          <div className={styles.cover} />
          <div className={styles.line} />
          <div className={`${styles.line} ${styles.short}`} />
        </div>
      ))}
    </div>
  );
}

/** Stand-in for a carousel (`row`) or a grid of series or short films while its titles stream in. */
export function SectionSkeleton({ text, layout }: { text: string; layout: 'row' | 'grid' }) {
  return (
    <div className={styles.section} data-skeleton>
      <LoadingLabel text={text} />
      <Cards layout={layout} />
    </div>
  );
}
