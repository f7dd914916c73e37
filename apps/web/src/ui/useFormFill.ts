import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, type DependencyList } from 'react';

/**
 * Fills a form when what it edits arrives or its dialog opens: `values()` gives the values, or
 * undefined to leave the form alone (still loading, dialog closed). Errors go with each fill.
 * `when` says when to fill — the form object and `values` are new on every render.
 */
export function useFormFill<Values>(form: UseFormReturnType<Values>, values: () => Values | undefined, when: DependencyList): void {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    const next = latest.current();
    if (next === undefined) return;
    form.setValues(next);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, when);
}
