import styles from './Eyebrow.module.css';

/** The small label above a page's title ("Series", "Wallet guide"). */
export function Eyebrow({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return <p className={`${styles.eyebrow} ${className}`}>{children}</p>;
}
