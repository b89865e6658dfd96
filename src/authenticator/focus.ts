/** Fields a customer types into or chooses, in the order they come; buttons and read-only text are not fields. */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
].join(', ');

/**
 * Moves the keyboard to the first field of a new screen, so a customer who
 * just pressed "Sign in" or "Back to Sign In" can type at once, and a screen
 * reader announces where they are. In a radio group, the chosen option takes
 * the focus, as arrow keys expect.
 */
export function focusFirstField(container: HTMLElement | null): void {
  const first = container?.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELD_SELECTOR);
  if (!first) return;
  if (first instanceof HTMLInputElement && first.type === 'radio' && first.name) {
    const checked = container!.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(first.name)}"]:checked`);
    (checked ?? first).focus();
    return;
  }
  first.focus();
}

/** Nothing has the focus: it fell back to the page when the element holding it was disabled or removed. */
export const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/** One of the container's fields has the keyboard already (the hand-over from the prerendered card put it there). */
export const focusIsOnAField = (container: HTMLElement | null): boolean =>
  document.activeElement instanceof HTMLElement &&
  document.activeElement.matches(FIELD_SELECTOR) &&
  (container?.contains(document.activeElement) ?? false);

/** How long, at most, the page after a sign-in may take to show its heading (its code loads on demand). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a sign-in the card is gone and the keyboard would fall back to the page itself: it goes to the heading of
 * the page that appears instead, so a screen reader says where the customer landed and Tab carries on from there.
 * Left alone when something else took the focus meanwhile (a question in a dialog, the customer's own click).
 */
export function focusPageHeadingWhenShown(): () => void {
  const start = performance.now();
  let frame = 0;
  const look = () => {
    if (!focusIsLost()) return;
    // Not the title on the shell's frame, which names the page while it loads (aria-busy) and goes when it arrives.
    const heading = document.querySelector<HTMLElement>('main:not([aria-busy="true"]) h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // The page keeps its own scroll: a deep link's anchor (#section) has put its section in view.
      heading.focus({ preventScroll: true });
      return;
    }
    if (performance.now() - start < HEADING_WAIT_MS) frame = requestAnimationFrame(look);
  };
  frame = requestAnimationFrame(look);
  return () => cancelAnimationFrame(frame);
}
