import { createContext, use, useCallback, useLayoutEffect, useState } from 'react';

/**
 * Whether the Account page is still reading. Its sections read what they show after the page is up (the lists, the
 * two-step settings, the AWS identity), and a section that arrives pushes the ones below it down. Until every first
 * read has answered, the page says so with aria-busy: for screen readers, and for anyone who waits for the page to
 * hold still before pressing something lower down.
 */
export const ReadingContext = createContext<(() => () => void) | null>(null);

/** The page's side: whether anything is still reading, and the function its sections report through (ReadingContext). */
export function useReadingCount(): [reading: boolean, begin: () => () => void] {
  const [count, setCount] = useState(0);
  const begin = useCallback(() => {
    setCount((current) => current + 1);
    return () => setCount((current) => current - 1);
  }, []);
  return [count > 0, begin];
}

/**
 * A section's side: it is reading while `reading` holds. Counted before the browser paints (a layout effect), so the
 * page is never shown settled before a section has started its read.
 */
export function useReading(reading: boolean): void {
  const begin = use(ReadingContext);
  useLayoutEffect(() => (reading && begin ? begin() : undefined), [reading, begin]);
}
