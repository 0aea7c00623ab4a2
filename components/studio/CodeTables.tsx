import { offWords, scopeWords } from '@/lib/payments/codes/code-rules';
import type { StudioCodes } from '@/lib/studio/codes';
import { count, utcTime } from './format';
import styles from './studio.module.css';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A code's dates as the form took them: its end is the last day it is taken. */
const dates = ({ startsAt, endsAt }: StudioCodes['codes'][number]) =>
  startsAt === undefined && endsAt === undefined
    ? 'Always'
    : `${startsAt === undefined ? '…' : day(startsAt)} to ${endsAt === undefined ? '…' : day(endsAt - 1)}`;

/** The studio's codes, newest first, with their uses so far against their caps. */
export function CodeTable({ codes }: Pick<StudioCodes, 'codes'>) {
  if (codes.length === 0) return <p className={styles.empty}>No codes yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="codes">
        <caption>Codes, newest first</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.text}>
              Code
            </th>
            <th scope="col" className={styles.text}>
              Off
            </th>
            <th scope="col" className={styles.text}>
              For
            </th>
            <th scope="col" className={styles.text}>
              Dates (UTC)
            </th>
            <th scope="col">Uses</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.code} data-code={code.code}>
              <td className={styles.text}>{code.code}</td>
              <td className={styles.text}>{offWords(code)}</td>
              <td className={styles.text}>{scopeWords(code.scope)}</td>
              <td className={styles.text}>{dates(code)}</td>
              <td data-uses>
                {count(code.uses)}
                {code.cap !== undefined && ` of ${count(code.cap)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each use of a code, newest first: a screener's unlock shows as a screener, a paid code's as the checkout it priced. */
export function CodeUseTable({ uses }: Pick<StudioCodes, 'uses'>) {
  if (uses.length === 0) return <p className={styles.empty}>No code used yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="code-uses">
        <caption>Code uses, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col" className={styles.text}>
              Code
            </th>
            <th scope="col" className={styles.text}>
              Title
            </th>
            <th scope="col" className={styles.text}>
              Use
            </th>
          </tr>
        </thead>
        <tbody>
          {uses.map((use) => (
            <tr key={`${use.code} ${use.path} ${use.at}`} data-use={use.screener ? 'screener' : 'checkout'}>
              <td>
                <time dateTime={new Date(use.at).toISOString()}>{utcTime(use.at)}</time>
              </td>
              <td className={styles.text}>{use.code}</td>
              <td className={styles.text}>
                {use.title}
                <span className={styles.path}>{use.path}</span>
              </td>
              <td className={styles.text}>{use.screener ? 'Screener (no payment)' : 'Checkout at the code’s price'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
