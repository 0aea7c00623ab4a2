import { CoverImage } from '../cards/CoverImage';
import { LockBadge } from '../cards/LockBadge';
import type { ReactNode } from 'react';
import { BackLink } from '../ui/BackLink';
import { Eyebrow } from '../ui/Eyebrow';
import styles from './DetailHeader.module.css';

const COVER_SIZES = '(min-width: 900px) 480px, 100vw';
/**
 * Blurred by 48 px, the backdrop shows no detail a thumbnail lacks: the smallest width is a kilobyte
 * or two, and an image that small for its area is not a candidate for the largest paint, which stays
 * the cover's.
 */
const BACKDROP_SIZES = '32px';

type Props = {
  back: { href: string; label: string };
  eyebrow: string;
  title: string;
  description: string;
  coverimg: string | null;
  meta?: string;
  /** Shows the lock on the cover (lifted by CSS once an action marks the title owned). */
  locked?: boolean;
  /** Play or purchase controls. */
  actions?: ReactNode;
};

/** The top of a series, season or short-film page: back link, cover, title and what it is. */
export function DetailHeader({ back, eyebrow, title, description, coverimg, meta, locked = false, actions }: Props) {
  return (
    <header className={styles.header}>
      <div className={styles.backdrop} aria-hidden="true">
        <CoverImage src={coverimg} alt="" sizes={BACKDROP_SIZES} className={styles.backdropImage} />
      </div>
      <div className={styles.inner}>
        <BackLink href={back.href}>{back.label}</BackLink>
        <div className={styles.layout}>
          <div className={styles.cover} data-locked={locked}>
            <CoverImage src={coverimg} alt={`${title} cover`} sizes={COVER_SIZES} eager className={styles.coverImage} />
            {locked && <LockBadge />}
          </div>
          <div className={styles.text}>
            <Eyebrow>{eyebrow}</Eyebrow>
            <h1 className={styles.title}>{title}</h1>
            {meta && <p className={styles.meta}>{meta}</p>}
            {description && <p className={styles.description}>{description}</p>}
            {actions && <div className={styles.actions}>{actions}</div>}
          </div>
        </div>
      </div>
    </header>
  );
}
