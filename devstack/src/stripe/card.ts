/**
 * The card a customer types on the hosted checkout or in the portal, kept as entered: its network,
 * last four digits and its expiry (Stripe stores exp_month and a four-digit exp_year and shows "MM/YYYY").
 * An expiry is refused with Stripe's own words when it is incomplete, impossible or past.
 */
import { cardProblem, StripeError } from './engine.js';

export interface SavedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** What the forms show pre-filled (and what a POST without the field means: the form as shown). */
export const DEFAULT_EXPIRY = '12 / 34';

const expiryError = (message: string, code: string) => new StripeError(402, 'card_error', message, { code, param: 'exp_month' });

/** "MM / YY", "MM/YY", "MM/YYYY" or "MMYY" → month and four-digit year, or Stripe's error. */
export function parseExpiry(input: string, today = new Date()): { exp_month: number; exp_year: number } {
  const compact = input.replace(/\s+/g, '');
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(compact.length === 4 && !compact.includes('/') ? `${compact.slice(0, 2)}/${compact.slice(2)}` : compact);
  if (!m) throw expiryError("Your card's expiration date is incomplete.", 'incomplete_expiry');
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) throw expiryError("Your card's expiration month is invalid.", 'invalid_expiry_month');
  const thisYear = today.getUTCFullYear();
  if (year < thisYear) throw expiryError("Your card's expiration year is in the past.", 'invalid_expiry_year_past');
  if (year === thisYear && month < today.getUTCMonth() + 1) throw expiryError("Your card's expiration date is in the past.", 'invalid_expiry_month_past');
  if (year > thisYear + 50) throw expiryError("Your card's expiration year is invalid.", 'invalid_expiry_year');
  return { exp_month: month, exp_year: year };
}

/** The card network, from the number's first digits (what Stripe reports as `brand`). */
function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** The card as typed: a number that passes (test cards that decline are the payment's business), and its expiry. */
export function cardFromForm(number: string, expiry: string | null): SavedCard {
  const digits = number.replace(/\D/g, '');
  if (cardProblem(number)?.decline_code === 'incorrect_number') throw new StripeError(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'number' });
  return { brand: brandOf(digits), last4: digits.slice(-4), ...parseExpiry(expiry ?? DEFAULT_EXPIRY) };
}

/** How the portal shows it: "VISA •••• 4242, expires 12/2034". */
export const describeCard = (card: SavedCard) => `${card.brand.toUpperCase()} •••• ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
