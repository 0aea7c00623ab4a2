import { IntentLink } from '../ui/IntentLink';
import button from '../ui/button.module.css';
import { StatusScreen } from './StatusScreen';

/** What a visitor reads at an address with nothing behind it. */
export function NotFoundScreen() {
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
