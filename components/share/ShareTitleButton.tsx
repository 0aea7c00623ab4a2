import { IntentLink } from '../ui/IntentLink';
import button from '../ui/button.module.css';
import { ShareIcon } from './ShareIcon';

/**
 * A title page's Share control: a link to the title's share page, so it costs the title page no script at all. A
 * click opens that page over the title as a dialog (app/@share intercepts it; its code arrives with the click), which
 * opens the system's share sheet or copies the link; without JavaScript it is the share page itself, with the link to
 * copy in a field.
 */
export function ShareTitleButton({ href, title }: { href: string; title: string }) {
  return (
    <IntentLink href={href} className={`${button.button} ${button.ghost} ${button.small}`} aria-haspopup="dialog">
      <ShareIcon />
      Share
      <span className="visually-hidden"> {title}</span>
    </IntentLink>
  );
}
