import Link from 'next/link';
import { SiteNav } from './SiteNav';
import styles from './SiteHeader.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true" />
          Solenema
        </Link>
        <SiteNav />
      </div>
    </header>
  );
}
