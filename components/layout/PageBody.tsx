import styles from './PageBody.module.css';

/** The padded, centred column of the text pages (guides, contact, 404); `wide` for pages of tables (the studio). */
export function PageBody({ children, width }: { children: React.ReactNode; width?: 'narrow' | 'wide' }) {
  return <div className={width ? `${styles.body} ${styles[width]}` : styles.body}>{children}</div>;
}
