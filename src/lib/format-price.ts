/** docs/spec.md §9: prices are stored in cents; the landing shows whole dollars per month. */
export function formatMonthlyPrice(priceCents: number): string {
  const dollars = priceCents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** '$19', '$0.33', '$1,234.50': an amount in cents of a currency, cents shown only when there are some. */
export function formatPrice(amountCents: number, currency = 'usd'): string {
  const whole = amountCents % 100 === 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(amountCents / 100);
}
