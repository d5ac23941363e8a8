import { useState } from 'react';

/**
 * Where focus goes when a dialog closes: back to the element that had it when the dialog opened.
 * Radix does this only for its own Trigger; our dialogs are mostly opened from state (a tile, a
 * row's button), and focus fell to <body>. If the opener is gone (the item was deleted), Radix's
 * default stands.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void): (event: Event) => void {
  // Read during the content's first render, before Radix moves focus into it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || !opener || opener === document.body || !opener.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
