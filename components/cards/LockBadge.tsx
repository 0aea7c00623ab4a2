import { LockIcon } from '../ui/icons';
import styles from './cards.module.css';

export function LockBadge() {
  return (
    <span className={styles.lockBadge} data-lock-badge>
      <LockIcon />
      Locked
    </span>
  );
}
