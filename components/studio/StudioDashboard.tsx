import { publicEnv } from '@/lib/env/public';
import { shortAddress } from '@/lib/payments/display';
import { STUDIO_REFRESH_SECONDS } from '@/lib/studio/refresh';
import type { StudioView } from '@/lib/studio/view';
import { PageIntro } from '../guides/PageIntro';
import button from '../ui/button.module.css';
import { DayTable, TitleTable, Totals } from './FigureTables';
import { RangeForm } from './RangeForm';
import { SalesTable } from './SalesTable';
import { StudioRefresh } from './StudioRefresh';
import { StudioSignOut } from './StudioSignOut';
import { StrayTable, UnclaimedTable } from './TransferTables';
import { studioHref } from './links';
import styles from './studio.module.css';

interface Props {
  wallet: string;
  /** Why the range asked for could not be shown (the default range is shown instead). */
  problem: string | null;
  view: StudioView;
}

/** The studio for a signed-in studio wallet: the range's figures, its sales, and what reached the recipient unclaimed. */
export function StudioDashboard({ wallet, problem, view }: Props) {
  const { at: now, range, report, sales, older, cursor, transfers, title } = view;
  const rpcUrl = publicEnv.solanaRpcUrl;
  return (
    <>
      <div className={styles.header}>
        <PageIntro eyebrow="Studio" title="What sold, what was watched">
          <p>
            Figures from {range.from} to {range.to} (UTC), kept as the sales and plays happen; every sale links to the transaction that paid it.
          </p>
        </PageIntro>
        <div className={styles.who}>
          <span>
            Signed in as <strong title={wallet}>{shortAddress(wallet)}</strong>
          </span>
          <StudioSignOut />
        </div>
      </div>
      <RangeForm range={range} now={now} />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem} Showing the last 30 days instead.
        </p>
      )}
      <Totals totals={report.totals} />

      <section className={styles.section} aria-labelledby="by-title">
        <div className={styles.sectionHead}>
          <h2 id="by-title" className={styles.sectionTitle}>
            By title
          </h2>
        </div>
        <p className={styles.note}>
          The funnel per title: pay dialogs opened, checkouts started, paid (purchases, passes and rentals), played. Plays and completions count once per
          browser, title and day; nothing about the viewer is kept.
        </p>
        <TitleTable report={report} />
        {report.moreTitles > 0 && <p className={styles.more}>And {report.moreTitles} more titles with figures: the CSV export has every sale.</p>}
      </section>

      <section className={styles.section} aria-labelledby="by-day">
        <div className={styles.sectionHead}>
          <h2 id="by-day" className={styles.sectionTitle}>
            By day{title && `: ${title.name}`}
          </h2>
          {title && (
            <a className={`${button.button} ${button.secondary} ${button.small}`} href={studioHref(range)}>
              All titles
            </a>
          )}
        </div>
        <DayTable report={report} title={title ?? undefined} />
      </section>

      <section className={styles.section} aria-labelledby="sales">
        <div className={styles.sectionHead}>
          <h2 id="sales" className={styles.sectionTitle}>
            Sales
          </h2>
          {cursor && (
            <a className={`${button.button} ${button.secondary} ${button.small}`} href={studioHref(range)}>
              Newest sales
            </a>
          )}
        </div>
        <SalesTable sales={sales} rpcUrl={rpcUrl} />
        {older && (
          <p className={styles.more}>
            <a className={`${button.button} ${button.secondary}`} href={studioHref(range, { after: older })}>
              Older sales
            </a>
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="unclaimed">
        <h2 id="unclaimed" className={styles.sectionTitle}>
          Paid but not claimed
        </h2>
        <p className={styles.note}>
          Payments of a checkout this site issued that reached the recipient, but that no browser holds (a phone that closed its tab, a cookie lost before a
          restore). Nothing is lost: the payer gets the title by restoring from the paying wallet (&ldquo;Restore my purchases&rdquo; on My purchases), in any
          browser.
        </p>
        <UnclaimedTable transfers={transfers.unclaimed} rpcUrl={rpcUrl} now={now} />
      </section>

      <section className={styles.section} aria-labelledby="strays">
        <h2 id="strays" className={styles.sectionTitle}>
          Other transfers to the recipient
        </h2>
        <p className={styles.note}>Transfers that name no checkout of ours: sent from outside the site. They unlock nothing.</p>
        <StrayTable transfers={transfers.strays} rpcUrl={rpcUrl} now={now} />
      </section>
      <StudioRefresh seconds={STUDIO_REFRESH_SECONDS} />
    </>
  );
}
