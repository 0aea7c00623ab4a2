import { BROWSERS_COUNTED_PER_ADDRESS } from '@/lib/figures/daily';
import { shortAddress } from '@/lib/payments/display';
import { STUDIO_REFRESH_SECONDS } from '@/lib/studio/refresh';
import type { StudioView } from '@/lib/studio/view';
import { PageIntro } from '../guides/PageIntro';
import button from '../ui/button.module.css';
import { CodeForm } from './CodeForm';
import { CodeTable, CodeUseTable } from './CodeTables';
import { DayTable, TitleTable, Totals } from './FigureTables';
import { PreorderTable } from './PreorderTable';
import { RangeForm } from './RangeForm';
import { SalesTable } from './SalesTable';
import { SellingChecklist } from './SellingChecklist';
import { StudioRefresh } from './StudioRefresh';
import { StudioSignOut } from './StudioSignOut';
import { DustList, RefundTable, StrayTable, UnclaimedTable } from './TransferTables';
import { studioHref } from '@/lib/routes';
import styles from './studio.module.css';

interface Props {
  wallet: string;
  /** Why the range asked for could not be shown (the default range is shown instead). */
  problem: string | null;
  view: StudioView;
}

/** The studio for a signed-in studio wallet: the range's figures, its sales, and what reached the recipient unclaimed. */
export function StudioDashboard({ wallet, problem, view }: Props) {
  const { at: now, range, report, preorders, sales, older, cursor, transfers, title, readiness, explorer, codes } = view;
  const paused = readiness.refusal !== null || readiness.usdcRefusal !== null;
  // What stops sales is the first thing an operator reads; a list that holds waits at the foot of the page.
  const checklist = (
    <section className={styles.section} aria-labelledby="ready-to-sell">
      <h2 id="ready-to-sell" className={styles.sectionTitle}>
        Ready to sell
      </h2>
      <SellingChecklist readiness={readiness} />
    </section>
  );
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
      {paused && checklist}
      <Totals totals={report.totals} />

      <section className={styles.section} aria-labelledby="by-title">
        <div className={styles.sectionHead}>
          <h2 id="by-title" className={styles.sectionTitle}>
            By title
          </h2>
        </div>
        <p className={styles.note}>
          The funnel per title: pay dialogs opened, checkouts started, paid (purchases, passes and rentals), played. Sales and revenue are payments verified on
          the chain. Dialogs, checkouts, plays and completions are reported by visitors’ browsers: each counts once per browser, title and day, and at most{' '}
          {BROWSERS_COUNTED_PER_ADDRESS} browsers of one address, so no script can inflate them; nothing about the viewer is kept.
        </p>
        <TitleTable report={report} />
        {report.moreTitles > 0 && <p className={styles.more}>And {report.moreTitles} more titles with figures: the CSV export has every sale.</p>}
      </section>

      <section className={styles.section} aria-labelledby="preorders">
        <div className={styles.sectionHead}>
          <h2 id="preorders" className={styles.sectionTitle}>
            Pre-orders
          </h2>
        </div>
        <p className={styles.note}>
          Titles sold before their release date (the catalog&rsquo;s <code>releaseDate</code>): credited when paid, they play from the date, by the
          server&rsquo;s clock.
        </p>
        <PreorderTable preorders={preorders} range={range} now={now} />
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
        <SalesTable sales={sales} explorer={explorer} />
        {older && (
          <p className={styles.more}>
            <a className={`${button.button} ${button.secondary}`} href={studioHref(range, { after: older })}>
              Older sales
            </a>
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="codes">
        <h2 id="codes" className={styles.sectionTitle}>
          Codes and screeners
        </h2>
        <p className={styles.note}>
          A code takes a percent or an amount off at checkout, for one title, a kind or everything, between its dates, up to its cap of uses. A 100 % code is a
          screener: it unlocks the title with no payment, and its uses are listed as screeners, never as sales. A use is counted when a checkout starts with the
          code (once per browser and title), and kept even if that checkout is never paid.
        </p>
        <div className={styles.stack}>
          <CodeForm />
          <CodeTable codes={codes.codes} />
          <CodeUseTable uses={codes.uses} />
        </div>
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
        <UnclaimedTable transfers={transfers.unclaimed} explorer={explorer} now={now} />
      </section>

      <section className={styles.section} aria-labelledby="refunds">
        <h2 id="refunds" className={styles.sectionTitle}>
          To refund
        </h2>
        <p className={styles.note}>
          A checkout is credited once, however many of its payments land (a wallet that sent twice, a code paid from two phones), and its price holds for its
          window only: a payment made after it closed, below what the title costs now, buys nothing. Each such payment is kept here with why: send the amount
          back to its payer.
        </p>
        <RefundTable transfers={transfers.refunds} explorer={explorer} now={now} />
      </section>

      <section className={styles.section} aria-labelledby="strays">
        <h2 id="strays" className={styles.sectionTitle}>
          Other transfers to the recipient
        </h2>
        <p className={styles.note}>
          Transfers that name no checkout of ours, or pay one too little: sent from outside the site. They unlock nothing. Those below the smallest price a
          checkout asks (dust, often sent by the thousand to plant a look-alike address in the recipient&rsquo;s history) are kept apart, folded below.
        </p>
        <StrayTable transfers={transfers.strays} explorer={explorer} now={now} />
        <DustList transfers={transfers.dust.newest} maybeMore={transfers.dust.maybeMore} explorer={explorer} now={now} />
      </section>
      {!paused && checklist}
      <StudioRefresh seconds={STUDIO_REFRESH_SECONDS} />
    </>
  );
}
