/** What ripples: Mantine's buttons and action icons (both clip their content), and anything marked. */
const HOSTS = '.mantine-Button-root, .mantine-ActionIcon-root, [data-ripple]';

/** The longest an ink may stay, should its animation never report its end. */
const INK_LIFETIME_MS = 1000;

/**
 * Makes buttons ripple from where they are pressed, for as long as the
 * returned function has not been called. One listener on the document serves
 * every button, present and future; each ink removes itself when it fades.
 * `inkClass` is Ripple.module.css's, which the app's styles carry: this
 * module, fetched only once the setting is on, then brings no file of its own.
 */
export function startRipple(doc: Document, inkClass: string): () => void {
  const reducedMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)');
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || reducedMotion?.matches) return;
    const host = event.target instanceof Element ? event.target.closest(HOSTS) : null;
    if (!(host instanceof HTMLElement) || host.matches(':disabled, [data-disabled]')) return;
    const rect = host.getBoundingClientRect();
    const size = Math.max(rect.width, rect.height) * 2;
    const ink = doc.createElement('span');
    ink.className = inkClass;
    ink.dataset.rippleInk = '';
    ink.setAttribute('aria-hidden', 'true');
    Object.assign(ink.style, {
      width: `${size}px`,
      height: `${size}px`,
      left: `${event.clientX - rect.left - size / 2}px`,
      top: `${event.clientY - rect.top - size / 2}px`,
    });
    host.appendChild(ink);
    const remove = () => ink.remove();
    ink.addEventListener('animationend', remove, { once: true });
    setTimeout(remove, INK_LIFETIME_MS);
  };
  doc.addEventListener('pointerdown', onPointerDown);
  return () => doc.removeEventListener('pointerdown', onPointerDown);
}
