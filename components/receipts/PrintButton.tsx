'use client';

import button from '../ui/button.module.css';

/** Opens the browser's print dialog: the receipt's print stylesheet leaves the page light and without the site's chrome. */
export function PrintButton() {
  return (
    <button type="button" className={`${button.button} ${button.primary}`} onClick={() => window.print()}>
      Print receipt
    </button>
  );
}
