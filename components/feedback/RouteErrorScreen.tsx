'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { useEffect } from 'react';
import { StatusScreen } from '@/components/feedback/StatusScreen';
import button from '@/components/ui/button.module.css';

/** What a visitor sees when a page failed to render (app/error.tsx loads it then): the way back, and a retry. */
export default function RouteErrorScreen({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error('[page] render failed', error);
  }, [error]);

  return (
    <StatusScreen
      code="Oops"
      title="Something went wrong"
      actions={
        <>
          <button type="button" className={`${button.button} ${button.primary}`} onClick={retry}>
            Try again
          </button>
          <IntentLink href="/" className={`${button.button} ${button.ghost}`}>
            Back to Home
          </IntentLink>
        </>
      }
    >
      <p>This page could not be loaded. Please try again in a moment.</p>
    </StatusScreen>
  );
}
