'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { NavLink } from './NavLink';
import type { SiteLink } from './siteLinks';
import styles from './SiteHeader.module.css';

const NAV_ID = 'site-navigation';

/**
 * Header navigation: inline on wide screens, a disclosure menu on small ones. The links come from the server
 * (SiteHeader), so the routes and settings they are made of stay out of every first visit's script.
 */
export function SiteNav({ links }: { links: SiteLink[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={NAV_ID}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id={NAV_ID} aria-label="Main" className={styles.nav} data-open={open}>
        <ul className={styles.navList}>
          {links.map((link) => (
            <li key={link.label}>
              <NavLink link={link} className={styles.navLink} current={pathname === link.href} onNavigate={() => setOpen(false)} />
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
