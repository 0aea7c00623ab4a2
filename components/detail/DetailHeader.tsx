import { getImageProps } from 'next/image';
import { DEFAULT_COVER, isRemoteCover } from '@/lib/catalog/default-cover';
import { CoverImage } from '../cards/CoverImage';
import { LockBadge } from '../cards/LockBadge';
import type { ReactNode } from 'react';
import { PAYWALLED_CLASS } from '@/lib/seo/paywall';
import { shareRoute } from '@/lib/routes';
import { BackLink } from '../ui/BackLink';
import { Eyebrow } from '../ui/Eyebrow';
import { ShareTitleButton } from '../share/ShareTitleButton';
import styles from './DetailHeader.module.css';

/**
 * The width the cover is drawn at (DetailHeader.module.css): the grid's 480 px column from 900 px; below, the page's
 * width less its gutters (--gutter: 16 px each side up to a 400 px screen, 4vw from there).
 */
const COVER_SIZES = '(min-width: 900px) 480px, (min-width: 400px) 92vw, calc(100vw - 32px)';

/**
 * Blurred by 48 px, the backdrop shows no detail a 32 px thumbnail lacks (a kilobyte or two). It is a
 * fixed-width image, not one chosen by `sizes`: from a srcset Chrome takes the cover's larger file once it
 * is cached, and the backdrop, drawn over a larger area, became the page's largest paint, after the cover.
 */
function backdropProps(coverimg: string | null) {
  const src = coverimg ?? DEFAULT_COVER;
  return getImageProps({ src, alt: '', width: 32, height: 48, fetchPriority: 'low', unoptimized: isRemoteCover(src) }).props;
}

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
  /** The title's catalog path (a title or a season), for its Share button. */
  sharePath: string;
};

/** The top of a title's page (a movie, a series, a season, a short film): back link, cover, title, what it is, and Share. */
export function DetailHeader({ back, eyebrow, title, description, coverimg, meta, locked = false, actions, sharePath }: Props) {
  return (
    <header className={styles.header}>
      <div className={styles.backdrop} aria-hidden="true">
        {/* eslint-disable-next-line @next/next/no-img-element -- getImageProps already made it an optimised, fixed-width image */}
        <img {...backdropProps(coverimg)} alt="" className={styles.backdropImage} />
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
            {actions && <div className={locked ? `${styles.actions} ${PAYWALLED_CLASS}` : styles.actions}>{actions}</div>}
            <ShareTitleButton href={shareRoute(sharePath)} title={title} />
          </div>
        </div>
      </div>
    </header>
  );
}
