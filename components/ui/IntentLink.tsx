import type { ComponentProps } from 'react';

/** Marks the links LinkNavigator follows in the browser. */
export const INTENT_LINK_ATTRIBUTE = 'data-intent-link';

/**
 * A link to a page of this site, opened in this tab, as plain markup: no client code of its own, so a page of cards and a header of
 * links hydrate nothing for them. LinkNavigator (one listener for the whole document, in the root layout) turns
 * a click on it into a client-side navigation and prefetches its route on intent (pointer over it, touch,
 * keyboard focus), never when it merely scrolls into view. It replaced next/link, whose client code every first
 * visit downloaded (issue 33).
 */
export function IntentLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  return <a href={href} {...props} {...{ [INTENT_LINK_ATTRIBUTE]: '' }} />;
}
