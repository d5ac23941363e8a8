import { useCallback, useEffect, useState } from 'react';

type Errors<K extends string> = Partial<Record<K, string | undefined>>;

/**
 * A form's field errors, set when the user submits: when a submit finds any, focus moves to the
 * first field marked invalid (`aria-invalid="true"`, in the page's order), so a keyboard or
 * screen-reader user lands on what to fix and hears its message (the field's `aria-describedby`)
 * instead of staying on the button that was pressed.
 */
export function useFieldErrors<K extends string>() {
  const [errors, setState] = useState<Errors<K>>({});
  const [attempt, setAttempt] = useState(0);

  const setErrors = useCallback((next: Errors<K>) => {
    setState(next);
    if (Object.values(next).some(Boolean)) setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (attempt) document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  return [errors, setErrors] as const;
}
