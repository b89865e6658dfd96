// Applies the saved colour scheme and font scale to <html> before the app
// loads, so the first paint already has them. Loaded from index.html as a
// file (not inline) so a strict Content-Security-Policy can allow it.
// Keep in step with src/layout/state/settings.ts and applyToDocument.ts.
(function () {
  var scheme = 'light';
  var scale = 14;
  try {
    var stored = JSON.parse(window.localStorage.getItem('customer-area.layout') || '{}');
    if (stored && stored.colorScheme === 'dark') scheme = 'dark';
    if (stored && typeof stored.scale === 'number' && isFinite(stored.scale)) {
      scale = Math.min(16, Math.max(12, Math.round(stored.scale)));
    }
  } catch (error) {
    // Unreadable settings: the defaults apply.
  }
  var root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.style.colorScheme = scheme;
  root.style.fontSize = scale + 'px';
})();
