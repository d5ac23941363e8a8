import type { KeyboardEvent } from 'react';

/**
 * Keyboard for a group of radio cards, as in a native radio group: one Tab stop (the chosen card),
 * arrow keys move the choice and the focus, skipping disabled cards.
 */
export function radioKeys<V extends string>(values: readonly V[], value: V | null, onChange: (value: V) => void) {
  return (choice: V) => ({
    'data-value': choice,
    tabIndex: choice === value || (value === null && choice === values[0]) ? 0 : -1,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
      if (!step || values.length === 0) return;
      event.preventDefault();
      const at = values.indexOf(choice);
      const next = values[(at + step + values.length) % values.length]!;
      onChange(next);
      const group = event.currentTarget.closest('[role="radiogroup"]');
      requestAnimationFrame(() => group?.querySelector<HTMLButtonElement>(`[data-value="${next}"]`)?.focus());
    },
  });
}
