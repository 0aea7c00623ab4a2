import { lastDays, type StudioRange } from '@/lib/studio/range';
import button from '../ui/button.module.css';
import { STUDIO_PATH, studioApi, studioHref } from '@/lib/routes';
import styles from './studio.module.css';

const PRESETS = [7, 30, 90, 365] as const;

/** The range the studio shows: two dates (a plain GET form, no script needed), the usual ranges, and the range's export. */
export function RangeForm({ range, now }: { range: StudioRange; now: number }) {
  return (
    <form className={styles.range} action={STUDIO_PATH} method="get" aria-label="Range shown">
      <label>
        From
        <input type="date" name="from" defaultValue={range.from} required />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={range.to} required />
      </label>
      <button type="submit" className={`${button.button} ${button.primary}`}>
        Show
      </button>
      <div className={styles.presets}>
        {PRESETS.map((days) => (
          <a key={days} className={`${button.button} ${button.secondary} ${button.small}`} href={studioHref(lastDays(days, now))}>
            {days === 365 ? 'Last year' : `Last ${days} days`}
          </a>
        ))}
      </div>
      <a className={`${button.button} ${button.ghost}`} href={studioApi.sales(range)} download>
        Download sales (CSV)
      </a>
    </form>
  );
}
