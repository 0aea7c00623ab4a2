import { IntentLink } from '@/components/ui/IntentLink';
import { HeaderSearch } from '../search/HeaderSearch';
import { siteLinks } from './siteLinks';
import { SiteNav } from './SiteNav';
import styles from './SiteHeader.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <IntentLink href="/" className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true" />
          Solenema
        </IntentLink>
        <HeaderSearch />
        <SiteNav links={siteLinks} />
      </div>
    </header>
  );
}
