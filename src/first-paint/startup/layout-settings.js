// Applies the saved colour scheme and font scale to <html> before the app
// loads, so the first paint already has them. The dev server and the build
// write it into index.html as `(layoutSettings)(names)`, with the layout's own
// storage key and scale bounds (scripts/vite/startupScripts.ts); the
// Content-Security-Policy allows it by its hash.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the wrapper the build adds
function layoutSettings(names) {
  var scheme = 'light';
  var scale = names.defaultScale;
  try {
    var stored = JSON.parse(window.localStorage.getItem(names.layoutKey) || '{}');
    if (stored && stored.colorScheme === 'dark') scheme = 'dark';
    if (stored && typeof stored.scale === 'number' && isFinite(stored.scale)) {
      scale = Math.min(names.maxScale, Math.max(names.minScale, Math.round(stored.scale)));
    }
  } catch (error) {
    // Unreadable settings: the defaults apply.
  }
  var root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.style.colorScheme = scheme;
  root.style.fontSize = scale + 'px';
}
