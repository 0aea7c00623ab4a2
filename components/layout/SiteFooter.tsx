import { IntentLink } from '@/components/ui/IntentLink';
import { NavLink } from './NavLink';
import { siteLinks } from './siteLinks';
import styles from './SiteFooter.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <IntentLink href="/" className={styles.logo}>
            Solenema
          </IntentLink>
          <p className={styles.tagline}>Trailers, documentaries, series and short films. Free to watch, or unlocked with Solana.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <IntentLink href="/" className={styles.link}>
                Home
              </IntentLink>
            </li>
            {siteLinks.map((link) => (
              <li key={link.label}>
                <NavLink link={link} className={styles.link} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.legal}>© {new Date().getFullYear()} Solenema · Payments run on Solana through Phantom or any Solana Pay wallet.</p>
    </footer>
  );
}
