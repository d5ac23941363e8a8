/** Space holders with the final height, so lazily loaded sections never shift the page. */
export function CarouselPlaceholder() {
  return <div aria-hidden className="h-[523px]" />;
}

export function PricingPlaceholder() {
  return (
    <div aria-hidden className="grid gap-6 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-[30rem] animate-pulse rounded-2xl border bg-card" />
      ))}
    </div>
  );
}
