import type { Metric } from '../api';

/** The headline totals, in the order the cards show them. */
export const HEADLINES: { metric: Metric; label: string }[] = [
  { metric: 'impressions', label: 'Impressions' },
  { metric: 'likes', label: 'Likes' },
  { metric: 'comments', label: 'Comments' },
  { metric: 'shares', label: 'Shares' },
  { metric: 'saves', label: 'Saves' },
  { metric: 'views', label: 'Video views' },
];
export const number = new Intl.NumberFormat(undefined);
export const show = (v: number | null) => (v === null ? '—' : number.format(v));
