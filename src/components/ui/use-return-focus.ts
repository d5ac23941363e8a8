import { useRef } from 'react';

/**
 * Where focus goes when a dialog closes: back to the element that had it when the dialog opened.
 * Radix does this only for its own Trigger; our dialogs are mostly opened from state (a tile, a
 * row's button), and focus fell to <body>. The opener is read as the dialog opens (Radix's
 * onOpenAutoFocus runs before it moves focus in) — not when the component first renders, since a
 * dialog that is always mounted (open={item !== null}) renders long before anything opens it. If the
 * opener is gone (the item was deleted), Radix's default stands.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement as HTMLElement | null;
      opener.current = active && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target || !target.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
