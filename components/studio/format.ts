import { formatAmount } from '@/lib/catalog/pricing';
import type { TitleDay } from '@/lib/figures/daily';

const whole = new Intl.NumberFormat('en');
const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const count = (n: number | undefined) => whole.format(n ?? 0);
export const utcTime = (ms: number) => `${timeFormat.format(new Date(ms))} UTC`;
export const dayName = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** What a title-day brought in, in one currency (as formatAmount writes it), or a dash for none. */
export const amountIn = (figures: TitleDay, currency: 'SOL' | 'USDC') => {
  const units = figures.amounts?.[currency];
  return units ? formatAmount({ currency, units }) : '—';
};

/** "4 min", "3 h", "2 days": how long ago, for what waits on the operator. */
export function age(ms: number, now: number) {
  const minutes = Math.max(0, Math.round((now - ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
