/** How long a page may take to render the element an anchor points at (data may still be loading). */
const WAIT_MS = 3000;

/**
 * Scrolls to the element the URL's #anchor names, once it exists: pages are
 * loaded lazily and may fetch their content first. Returns a function that
 * stops waiting.
 */
export function scrollToHash(hash: string, doc: Document = document): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return () => {};
  const tryScroll = () => {
    const target = doc.getElementById(id);
    if (!target) return false;
    target.scrollIntoView({ block: 'start' });
    return true;
  };
  if (tryScroll()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryScroll()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(doc.body, { childList: true, subtree: true });
  return stop;
}
