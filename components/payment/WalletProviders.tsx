'use client';

import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { useMemo, type ReactNode } from 'react';
import { publicEnv } from '@/lib/env/public';

/**
 * Connection and wallet context for the purchase and restore dialogs. Rendered only in the
 * browser, inside dialogs loaded on demand, so no page ships or hydrates wallet code up front.
 */
export function WalletProviders({ children }: { children: ReactNode }) {
  const wallets = useMemo(() => [new PhantomWalletAdapter()], []);
  return (
    <ConnectionProvider endpoint={publicEnv.solanaRpcUrl} config={{ commitment: 'confirmed' }}>
      <WalletProvider wallets={wallets} autoConnect onError={(error) => console.error('[wallet]', error)}>
        {children}
      </WalletProvider>
    </ConnectionProvider>
  );
}
