'use client';

import { useRouter } from 'next/navigation';
import { ModalDialog } from '../dialog/ModalDialog';
import { ShareSheet, type SharedPage } from './ShareSheet';
import styles from './ShareSheet.module.css';

/** The share page opened over its title's page (app/@share): closing it goes back to the title, where it was opened. */
export function ShareDialog(shared: SharedPage) {
  const router = useRouter();
  return (
    <ModalDialog title={`Share ${shared.title}`} size="narrow" onClose={() => router.back()}>
      <div className={styles.inDialog}>
        <ShareSheet {...shared} />
      </div>
    </ModalDialog>
  );
}
