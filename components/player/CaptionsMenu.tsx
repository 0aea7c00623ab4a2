'use client';

import { useId } from 'react';
import type { Subtitle } from '@/lib/catalog/types';
import { CaptionsIcon } from './CaptionsIcon';
import { CAPTIONS_OFF } from './captionPreference';
import styles from './CaptionsMenu.module.css';

type Props = { subtitles: Subtitle[]; value: string; onChange: (choice: string) => void };

/**
 * The player's captions choice: "Off", then each language. A labelled native <select>, so keyboards,
 * screen readers and phones (their own picker) all work without a hand-made menu.
 */
export function CaptionsMenu({ subtitles, value, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.captions}>
      <CaptionsIcon className={styles.icon} />
      <label htmlFor={id} className={styles.label}>
        Subtitles
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={CAPTIONS_OFF}>Off</option>
        {subtitles.map((subtitle) => (
          <option key={subtitle.lang} value={subtitle.lang} lang={subtitle.lang}>
            {subtitle.label}
          </option>
        ))}
      </select>
    </div>
  );
}
