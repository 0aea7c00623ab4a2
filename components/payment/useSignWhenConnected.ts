'use client';

import { useEffect, useRef } from 'react';

/**
 * One click does it all: a wallet dialog that opens connects Phantom, then asks for the signature as soon as the
 * wallet is there, once (a restore, a gift's claim). `sign` reads the latest wallet state when it runs.
 */
export function useSignWhenConnected(
  { available, connected, connect }: { available: boolean; connected: boolean; connect: () => unknown },
  sign: () => unknown,
) {
  const asked = useRef(false);
  const latest = useRef(sign);
  useEffect(() => {
    latest.current = sign;
  });
  useEffect(() => {
    if (!available) return;
    if (!connected) void connect();
    else if (!asked.current) {
      asked.current = true;
      void latest.current();
    }
    // Only the wallet's arrival starts it: re-running on a new `connect` or `sign` would ask twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available, connected]);
}
