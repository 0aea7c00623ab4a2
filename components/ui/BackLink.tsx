import { IntentLink } from '@/components/ui/IntentLink';
import { ArrowLeftIcon } from './icons';
import button from './button.module.css';

/** The "back" control of detail pages: a real link, so it works without JavaScript. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <IntentLink href={href} className={`${button.button} ${button.ghost} ${button.small}`}>
      <ArrowLeftIcon />
      {children}
    </IntentLink>
  );
}
