import { describe, expect, it } from 'vitest';
import { cardFromForm, DEFAULT_EXPIRY, describeCard, parseExpiry } from './card.js';

const today = new Date(Date.UTC(2026, 10, 26));

describe('parseExpiry', () => {
  it('reads the expiry the way it is typed: "MM / YY", "MM/YY", "MM/YYYY", "MMYY"', () => {
    expect(parseExpiry('07 / 31', today)).toEqual({ exp_month: 7, exp_year: 2031 });
    expect(parseExpiry('7/31', today)).toEqual({ exp_month: 7, exp_year: 2031 });
    expect(parseExpiry('03/2029', today)).toEqual({ exp_month: 3, exp_year: 2029 });
    expect(parseExpiry('1128', today)).toEqual({ exp_month: 11, exp_year: 2028 });
    expect(parseExpiry('11 / 26', today)).toEqual({ exp_month: 11, exp_year: 2026 });
  });

  it("refuses what Stripe refuses, in Stripe's words", () => {
    expect(() => parseExpiry('', today)).toThrow("Your card's expiration date is incomplete.");
    expect(() => parseExpiry('12 /', today)).toThrow("Your card's expiration date is incomplete.");
    expect(() => parseExpiry('13 / 30', today)).toThrow("Your card's expiration month is invalid.");
    expect(() => parseExpiry('12 / 25', today)).toThrow("Your card's expiration year is in the past.");
    expect(() => parseExpiry('10 / 26', today)).toThrow("Your card's expiration date is in the past.");
  });
});

describe('cardFromForm', () => {
  it('keeps the last four digits and the expiry as entered, and shows them as the portal does', () => {
    const card = cardFromForm('5555 5555 5555 4444', '07 / 31');
    expect(card).toEqual({ brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 });
    expect(describeCard(card)).toBe('MASTERCARD •••• 4444, expires 07/2031');
    expect(cardFromForm('4242424242424242', '1/30').brand).toBe('visa');
  });

  it('takes the pre-filled expiry when the form sends none, and refuses an incorrect number', () => {
    expect(cardFromForm('4242424242424242', null)).toMatchObject(parseExpiry(DEFAULT_EXPIRY));
    expect(() => cardFromForm('4242 4242 4242 4241', '07 / 31')).toThrow('Your card number is incorrect.');
  });
});
