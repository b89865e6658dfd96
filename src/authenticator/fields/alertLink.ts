import { createContext, use, useLayoutEffect, useRef } from 'react';

/**
 * The id of the machine's error alert while one shows, for the fields to
 * point at. Mantine links a field to its own error, but it owns the input's
 * aria-describedby, so the alert's id is added after each render instead.
 */
export const AlertIdContext = createContext<{ id: string; shown: boolean } | null>(null);

/**
 * A ref for an input (or select) whose accessible description should include
 * the machine's error: "Incorrect e-mail or password." is read with the
 * field, not only once when it appears.
 */
export function useAlertLink<T extends HTMLElement>() {
  const alert = use(AlertIdContext);
  const ref = useRef<T>(null);
  // No dependency list: Mantine may rewrite the attribute on any render (its own error coming and going).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !alert) return;
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== alert.id);
    if (alert.shown) ids.push(alert.id);
    if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '));
    else element.removeAttribute('aria-describedby');
  });
  return ref;
}
