'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EntitlementsAnswer } from '@/lib/payments/contract';
import type { PaymentApiError } from '@/lib/payments/browser/api';
import { hasLeftovers } from '@/lib/payments/browser/leftover-keys';
import { unlocks } from '@/lib/payments/ownership/unlocks';
import { useDialogRequest } from '../dialog/useDialogRequest';
import { PlaybackLinksContext, type PlaybackLinks } from '../player/PlaybackLinksContext';
import { PurchasesContext, type PurchaseRequest, type Purchases } from './PurchasesContext';
import { onDemand } from '../ui/onDemand';

// The wallet adapter and web3.js arrive with the dialog, on the first click of a pay button.
const PurchaseDialog = onDemand(() => import('./PurchaseDialog'));
// The payment API's client arrives when this page first asks it something: most visits never do.
const paymentApi = () => import('@/lib/payments/browser/api');

const OWNS_HINT = /(?:^|;\s*)solenema_owns=([1-9]\d*)/;
const HOUR_MS = 60 * 60_000;

/** What this browser may play and the rentals it holds, as of `at` (ms): the clock a rental's time left is told by. */
type Library = EntitlementsAnswer & { at: number };

/**
 * Ownership for the whole page. Pages are static and identical for everyone, so owned titles are
 * unlocked here, in the browser, from the server's answer for this browser: the paths it may play, and
 * its rentals with their times. A video's playback link is asked for when it plays and renewed before it
 * runs out, for the videos played on this page only; a link refused because a rental ended (410) says
 * why to the player, and the library is asked again. It also finishes payments a closed tab or an
 * unreachable RPC left pending, and Solana Pay checkouts paid after their tab closed. Prices come with
 * each pay button (its title's offers): none is written into the browser's code.
 */
export function PurchasesProvider({ children }: { children: ReactNode }) {
  const [library, setLibrary] = useState<Library>({ paths: [], rentals: [], at: 0 });
  const [links, setLinks] = useState<Record<string, string>>({});
  const [ended, setEnded] = useState<Record<string, string>>({});
  const [renewAt, setRenewAt] = useState<number | null>(null);
  const asking = useRef(new Map<string, Promise<string | undefined>>());
  const { request, show: openPurchase, close } = useDialogRequest<PurchaseRequest>();

  const granted = useCallback((answer: EntitlementsAnswer) => {
    const at = Date.now();
    setLibrary((current) => ({ paths: [...new Set([...current.paths, ...answer.paths])], rentals: [...answer.rentals, ...current.rentals], at }));
    setEnded({});
  }, []);
  /** The server's library in place of this page's: which rentals still play, now. */
  const readLibrary = useCallback(
    () =>
      paymentApi()
        .then(({ fetchEntitlements }) => fetchEntitlements())
        .then(
          (answer) => setLibrary({ ...answer, at: Date.now() }),
          () => undefined,
        ),
    [],
  );

  const requestLink = useCallback(
    (videoPath: string, starting?: boolean) => {
      const pending = asking.current.get(videoPath);
      if (pending) return pending;
      const asked = paymentApi()
        .then(({ fetchPlaybackLink }) => fetchPlaybackLink(videoPath, starting))
        .then(
          ({ url, renewIn }) => {
            setLinks((current) => ({ ...current, [videoPath]: url }));
            const next = Date.now() + renewIn * 1000;
            setRenewAt((current) => (current === null ? next : Math.min(current, next)));
            return url;
          },
          (error: unknown) => {
            console.error('[purchases] could not get a playback link for', videoPath, error);
            // A rental that ended, or a pre-order not out yet: the player says why, and the page learns what still plays.
            if ((error as Partial<PaymentApiError>).notPlayingNow) {
              setEnded((current) => ({ ...current, [videoPath]: (error as Error).message }));
              void readLibrary();
            }
            return undefined;
          },
        )
        .finally(() => asking.current.delete(videoPath));
      asking.current.set(videoPath, asked);
      return asked;
    },
    [readLibrary],
  );

  // A rental's time left is told as of the library's reading: read again when the next one ends, and each hour meanwhile.
  useEffect(() => {
    const ends = library.rentals.map((rental) => rental.endsAt).filter((end) => end > library.at);
    if (ends.length === 0) return;
    const timer = window.setTimeout(readLibrary, Math.min(Math.min(...ends) - library.at, HOUR_MS));
    return () => window.clearTimeout(timer);
  }, [library, readLibrary]);

  const renewLinks = useCallback(async () => {
    setRenewAt(null);
    const renewed = await Promise.all(Object.keys(links).map((path) => requestLink(path)));
    if (renewed.includes(undefined)) setRenewAt(Date.now() + 30_000);
  }, [links, requestLink]);

  useEffect(() => {
    let cancelled = false;
    const grant = (answer: EntitlementsAnswer) => !cancelled && granted(answer);
    if (OWNS_HINT.test(document.cookie)) {
      paymentApi()
        .then(({ fetchEntitlements }) => fetchEntitlements())
        .then(grant, (error: unknown) => console.error('[purchases] could not load owned titles', error));
    }
    if (hasLeftovers()) {
      void Promise.all([import('@/lib/payments/browser/leftovers'), paymentApi()]).then(([{ finishLeftovers }, { grantOf }]) =>
        finishLeftovers((answer) => grant(grantOf(answer))),
      );
    }
    return () => {
      cancelled = true;
    };
  }, [granted]);

  // Renew on time; a tab that slept in the background (throttled timers) renews as soon as it is seen again.
  useEffect(() => {
    if (renewAt === null) return;
    const timer = window.setTimeout(renewLinks, Math.max(0, renewAt - Date.now()));
    const onVisible = () => document.visibilityState === 'visible' && Date.now() >= renewAt && void renewLinks();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [renewAt, renewLinks]);

  const owns = useCallback((path: string) => unlocks(library.paths, path), [library]);
  const rentalOf = useCallback(
    (path: string) => library.rentals.filter((rental) => unlocks([rental.path], path)).sort((a, b) => b.endsAt - a.endsAt)[0],
    [library],
  );
  const videoFor = useCallback((path: string) => links[path], [links]);
  const rentalEnded = useCallback((path: string) => ended[path], [ended]);
  const value = useMemo<Purchases>(
    () => ({ videoFor, owns, rentalOf, readAt: library.at, openPurchase, granted }),
    [videoFor, owns, rentalOf, library.at, openPurchase, granted],
  );
  // The player's view of the same state: links to play, why a rental no longer plays, and a purchase to unlock what is not owned.
  const playbackLinks = useMemo<PlaybackLinks>(
    () => ({ owns, videoFor, requestLink, rentalEnded, unlock: openPurchase }),
    [owns, videoFor, requestLink, rentalEnded, openPurchase],
  );

  return (
    <PurchasesContext.Provider value={value}>
      <PlaybackLinksContext.Provider value={playbackLinks}>
        {children}
        {request && <PurchaseDialog request={request} onClose={close} onGranted={granted} />}
      </PlaybackLinksContext.Provider>
    </PurchasesContext.Provider>
  );
}
