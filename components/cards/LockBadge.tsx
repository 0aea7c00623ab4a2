import { LockIcon } from '../ui/icons';
import styles from './cards.module.css';

export function LockBadge() {
  return (
    <span className={styles.lockBadge}>
      <LockIcon />
      Locked
    </span>
  );
}
