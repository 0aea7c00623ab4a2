'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../ui/icons';
import { trapTabKey } from './focusTrap';
import styles from './ModalDialog.module.css';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `wide` for video, `narrow` for a form or a short flow. */
  size?: 'wide' | 'narrow';
  closeLabel?: string;
};

/**
 * The one modal of the site: a native <dialog> (inert background, top layer), focus moved in on
 * open and kept in by a Tab loop, closed by its button, Escape or a click on the backdrop.
 * The opener restores focus in onClose, which React owns.
 */
export function ModalDialog({ title, onClose, children, size = 'wide', closeLabel = 'Close' }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    closeRef.current?.focus();
    return () => dialog.close();
  }, []);

  // Leave the modal state first: until then the rest of the page is inert and the opener cannot take focus back.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onKeyDown={(event) => trapTabKey(event, event.currentTarget)}
    >
      <div className={`${styles.panel} ${styles[size]}`}>
        <div className={styles.bar}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button ref={closeRef} type="button" className={styles.close} onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
