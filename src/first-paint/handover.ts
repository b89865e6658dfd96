/**
 * The hand-over from the sign-in card prerendered into index.html to the live
 * one React renders: what the customer typed before the app started is
 * copied into the live form, the focus and caret go where they were, and the
 * last press made before the app was ready ("Sign in" or Enter, "Create
 * Account", "Forgot your password?", the language button) is carried out.
 * Then the prerendered card goes and the app's root shows, in the same frame.
 */
import { MARKERS } from './markers.ts';

const {
  cardId: CARD_ID,
  cardState: CARD_STATE_ATTRIBUTE,
  pressed: PRESSED_ATTRIBUTE,
  pressedSubmit: PRESSED_SUBMIT_ATTRIBUTE,
  held: HELD_ATTRIBUTE,
  lastInput: LAST_INPUT_ATTRIBUTE,
} = MARKERS;

/** How long after the last keystroke (or release) on the prerendered card it counts as at rest. */
const REST_MS = 300;
/** The longest the hand-over waits for the card to come to rest (a pointer never let go, an endless composition). */
const REST_CAP_MS = 5000;

/**
 * Calls `then` once the prerendered card is at rest, at once (before returning) if it already is: no pointer down
 * on it, no composition under way in its fields, no keystroke for `REST_MS`; or a control on it has been pressed
 * (the app carries the press out), or `REST_CAP_MS` have passed. The start-up script keeps the card's state in its
 * attributes (src/first-paint/startup/sign-in-card.js). Swapping the live card in under a pointer that is down
 * would lose the press, which would begin on one button and end on its twin; in the middle of a composition, it
 * would lose the characters being composed. Keystrokes count from `quietSince` (performance.now(), ms) too, where
 * given: the card counts as touched then. Returns what cancels the wait.
 */
export function whenCardAtRest(card: HTMLElement, then: () => void, quietSince = Number.NEGATIVE_INFINITY): () => void {
  const giveUpAt = performance.now() + REST_CAP_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => check());
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  function check(): void {
    clearTimeout(timer);
    const at = performance.now();
    const quietFor = at - Math.max(quietSince, Number(card.getAttribute(LAST_INPUT_ATTRIBUTE) ?? Number.NEGATIVE_INFINITY));
    const held = card.hasAttribute(HELD_ATTRIBUTE);
    if (card.hasAttribute(PRESSED_ATTRIBUTE) || at >= giveUpAt || !card.isConnected || (!held && quietFor >= REST_MS)) {
      stop();
      then();
      return;
    }
    // A release, a keystroke or a press changes an attribute, and the observer looks again; the timer for the rest.
    timer = setTimeout(check, held ? giveUpAt - at : Math.min(giveUpAt - at, REST_MS - quietFor));
  }
  observer.observe(card, { attributes: true, attributeFilter: [PRESSED_ATTRIBUTE, HELD_ATTRIBUTE, LAST_INPUT_ATTRIBUTE] });
  check();
  return stop;
}

/**
 * The e-mail and password typed on the card, when the last control pressed on it (before the app started) was its
 * "Sign in" (or Enter in a field); null otherwise.
 */
export function signInPressedOnCard(card: HTMLElement): { email: string; password: string } | null {
  if (!card.hasAttribute(PRESSED_SUBMIT_ATTRIBUTE)) return null;
  const email = card.querySelector<HTMLInputElement>('input[type="email"]');
  const password = card.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
  return email && password ? { email: email.value, password: password.value } : null;
}

/** The prerendered card, if it is showing; a card the start-up script hid is removed at once. */
export function showingPrerenderedCard(doc: Document = document): HTMLElement | null {
  const card = doc.getElementById(CARD_ID);
  if (card && doc.documentElement.getAttribute(CARD_STATE_ATTRIBUTE) === 'shown') return card;
  dropPrerenderedCard(doc);
  return null;
}

/** Removes the card (if any) and lets the app's root show. */
export function dropPrerenderedCard(doc: Document = document): void {
  doc.getElementById(CARD_ID)?.remove();
  doc.documentElement.removeAttribute(CARD_STATE_ATTRIBUTE);
}

interface Typed {
  /** fields are matched by their autocomplete token: the prerendered card uses the live form's */
  autocomplete: string;
  value: string;
  focused: boolean;
  selection: [number, number] | null;
}

/** Email inputs have no selection API; reading it throws in some browsers. */
function selectionOf(input: HTMLInputElement): [number, number] | null {
  try {
    return input.selectionStart === null || input.selectionEnd === null ? null : [input.selectionStart, input.selectionEnd];
  } catch {
    return null;
  }
}

const FIELDS = 'input:not([type="hidden"]):not([disabled])';

/** Sets a value the way typing does, so React's onChange (and the form's state) see it. */
function typeInto(input: HTMLInputElement, value: string): void {
  // React tracks the value through the prototype's setter; calling it on the input is the point, not an unbound slip.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The live control that goes by `name` (its aria-label, or else its text), as src/first-paint/startup/sign-in-card.js named the pressed one. */
function controlNamed(live: HTMLElement, pressed: string): HTMLElement | null {
  // `role:name`, as the start-up script records it: a tab and a button may share a name in some languages.
  const split = pressed.indexOf(':');
  const [role, name] = [pressed.slice(0, split), pressed.slice(split + 1)];
  const controls = Array.from(live.querySelectorAll<HTMLElement>('button'));
  return (
    controls.find(
      (control) =>
        (control.getAttribute('role') || 'button') === role && (control.getAttribute('aria-label') || control.textContent?.trim()) === name,
    ) ?? null
  );
}

/**
 * Moves what the customer did on the prerendered card into `live` (the app's
 * root, whose sign-in form has just been committed), then removes the card.
 * Returns the live control to press afterwards if the customer pressed one
 * early: the caller presses it once React has applied the copied values.
 */
export function takeOver(card: HTMLElement, live: HTMLElement, doc: Document = document): HTMLElement | null {
  const typed: Typed[] = Array.from(card.querySelectorAll<HTMLInputElement>(FIELDS)).map((input) => ({
    autocomplete: input.autocomplete,
    value: input.value,
    focused: doc.activeElement === input,
    selection: selectionOf(input),
  }));
  const pressed = card.getAttribute(PRESSED_ATTRIBUTE);
  dropPrerenderedCard(doc);

  let focusTarget: HTMLInputElement | null = null;
  for (const field of typed) {
    if (!field.autocomplete) continue;
    const target = live.querySelector<HTMLInputElement>(`input[autocomplete="${CSS.escape(field.autocomplete)}"]`);
    if (!target) continue;
    if (field.value && !target.value) typeInto(target, field.value);
    if (field.focused) focusTarget = target;
  }
  // Focus on the field the customer was in, caret included; otherwise on the first field, as the live card would have done
  // had it been visible when it mounted.
  const focus =
    focusTarget ?? (doc.activeElement === doc.body || doc.activeElement === null ? live.querySelector<HTMLInputElement>(FIELDS) : null);
  if (focus) {
    focus.focus();
    const selection = typed.find((field) => field.focused)?.selection;
    if (focusTarget && selection) {
      try {
        focus.setSelectionRange(selection[0], selection[1]);
      } catch {
        // An email field has no caret position to restore.
      }
    }
  }
  return pressed ? controlNamed(live, pressed) : null;
}
