import styles from './PageBody.module.css';

/** The padded, centred column of the text pages (guides, contact, 404). */
export function PageBody({ children, narrow = false }: { children: React.ReactNode; narrow?: boolean }) {
  return <div className={narrow ? `${styles.body} ${styles.narrow}` : styles.body}>{children}</div>;
}
