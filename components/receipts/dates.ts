const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "Nov 28, 2026, 8:30 AM UTC": one clock for every visitor and every printout, the server's. */
export const formatUtc = (at: string | number) => `${dateFormat.format(new Date(at))} UTC`;
