'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchEntitlements, grantOf, type EntitlementsAnswer } from '@/lib/payments/browser/api';
import { hasLeftovers } from '@/lib/payments/browser/leftover-keys';
import { unlocks } from '@/lib/payments/unlocks';
import { useDialogRequest } from '../dialog/useDialogRequest';
import { PlaybackLinksContext, type PlaybackLinks } from '../player/PlaybackLinksContext';
import { PurchasesContext, type PurchaseRequest, type Purchases } from './PurchasesContext';

// The wallet adapter and web3.js arrive with the dialog, on the first click of a pay button.
const PurchaseDialog = dynamic(() => import('./PurchaseDialog'), { ssr: false });

const OWNS_HINT = /(?:^|;\s*)solenema_owns=([1-9]\d*)/;
const NOTHING: EntitlementsAnswer = { paths: [], videos: {}, renewIn: 0 };

/**
 * Ownership for the whole page. Pages are static and identical for everyone, so owned titles are
 * unlocked here, in the browser, from the server's answer for this browser. Playback links expire,
 * so they are renewed before they run out; it also finishes payments a closed tab or an
 * unreachable RPC left pending, and Solana Pay checkouts paid after their tab closed. The purchase
 * dialog opens at `priceLamports`, PRICE_LAMPORTS passed down by the server: no price is written
 * into the browser's code.
 */
export function PurchasesProvider({ children, priceLamports }: { children: ReactNode; priceLamports: number }) {
  const [owned, setOwned] = useState<EntitlementsAnswer>(NOTHING);
  const [renewAt, setRenewAt] = useState<number | null>(null);
  const { request, show: openPurchase, close } = useDialogRequest<PurchaseRequest>();

  const granted = useCallback((answer: EntitlementsAnswer) => {
    setOwned((current) => ({
      paths: [...new Set([...current.paths, ...answer.paths])],
      videos: { ...current.videos, ...answer.videos },
      renewIn: answer.renewIn,
    }));
    if (answer.paths.length > 0 && answer.renewIn > 0) {
      const next = Date.now() + answer.renewIn * 1000;
      setRenewAt((current) => (current === null ? next : Math.min(current, next)));
    }
  }, []);

  const renewLinks = useCallback(async () => {
    setRenewAt(null);
    try {
      granted(await fetchEntitlements());
    } catch (error) {
      console.error('[purchases] could not renew playback links', error);
      setRenewAt(Date.now() + 30_000);
    }
  }, [granted]);

  useEffect(() => {
    let cancelled = false;
    const grant = (answer: EntitlementsAnswer) => !cancelled && granted(answer);
    if (OWNS_HINT.test(document.cookie)) {
      fetchEntitlements().then(grant, (error: unknown) => console.error('[purchases] could not load owned titles', error));
    }
    if (hasLeftovers()) {
      void import('@/lib/payments/browser/leftovers').then(({ finishLeftovers }) => finishLeftovers((answer) => grant(grantOf(answer))));
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

  const value = useMemo<Purchases>(
    () => ({
      videoFor: (path) => owned.videos[path],
      owns: (path) => unlocks(owned.paths, path),
      openPurchase,
      granted,
      renewLinks,
    }),
    [owned, granted, renewLinks, openPurchase],
  );
  // The player's view of the same state: links to play, and a purchase to unlock what is not owned.
  const links = useMemo<PlaybackLinks>(
    () => ({ videoFor: value.videoFor, renewLinks, unlock: openPurchase }),
    [value, renewLinks, openPurchase],
  );

  return (
    <PurchasesContext.Provider value={value}>
      <PlaybackLinksContext.Provider value={links}>
        {children}
        {request && <PurchaseDialog request={request} priceLamports={priceLamports} onClose={close} onGranted={granted} />}
      </PlaybackLinksContext.Provider>
    </PurchasesContext.Provider>
  );
}
