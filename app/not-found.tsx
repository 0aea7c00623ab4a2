import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/IntentLink';
import { StatusScreen } from '@/components/feedback/StatusScreen';
import button from '@/components/ui/button.module.css';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <StatusScreen
      code="404"
      title="Page not found"
      actions={
        <IntentLink href="/" className={`${button.button} ${button.primary}`}>
          Back to Home
        </IntentLink>
      }
    >
      <p>This title or page does not exist, or it has been removed from the catalog.</p>
    </StatusScreen>
  );
}
