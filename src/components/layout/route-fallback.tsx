/** What shows while a route's chunk loads: a quiet bar, not a layout jump. */
export function RouteFallback() {
  return (
    <div role="status" aria-label="Loading" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-[route-loading_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
