// Decides, before the first paint, whether the sign-in card prerendered into
// index.html shows. It does when the page is a sign-in page and nobody is
// signed in on this browser, in the language, theme and input style the card
// was drawn in; otherwise it never paints (a signed-in customer sees no flash
// of the form) and the app draws its own. The build writes what the card was
// drawn for in <meta name="sign-in-card">; without it (the dev server) only
// the stored-session flag below is set.
//
// Also, for the app: data-stored-session on <html> when tokens are stored,
// and, on the card, data-pressed naming the last control the customer pressed
// before the app had started ("Sign in" for Enter in a field, too): the app
// presses the live one for them.
// A file, not an inline script, so the Content-Security-Policy can forbid those.
(function () {
  var root = document.documentElement;

  function storedSession() {
    // Token keys: CognitoIdentityServiceProvider.<clientId>.LastAuthUser names the user whose
    // CognitoIdentityServiceProvider.<clientId>.<user>.accessToken is stored, in localStorage or in cookies.
    var values = {};
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key && key.indexOf('CognitoIdentityServiceProvider.') === 0) values[key] = window.localStorage.getItem(key);
      }
    } catch (error) {
      // No storage: nothing stored there.
    }
    var cookies = document.cookie ? document.cookie.split('; ') : [];
    for (var j = 0; j < cookies.length; j++) {
      var pair = cookies[j].split('=');
      try {
        var name = decodeURIComponent(pair[0]);
        if (name.indexOf('CognitoIdentityServiceProvider.') === 0) values[name] = decodeURIComponent(pair.slice(1).join('='));
      } catch (error) {
        // A cookie that is not ours.
      }
    }
    for (var stored in values) {
      var match = /^(CognitoIdentityServiceProvider\.[^.]+)\.LastAuthUser$/.exec(stored);
      if (match && values[stored] && values[match[1] + '.' + values[stored] + '.accessToken']) return true;
    }
    return false;
  }

  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  /** The stored layout settings and language match what the card was drawn with. */
  function looksAsDrawn(card) {
    var language = read('customer-area.language') || card.language;
    if (language !== card.language) return false;
    var layout = {};
    try {
      layout = JSON.parse(read('customer-area.layout') || '{}') || {};
    } catch (error) {
      // Unreadable settings: the app falls back to the defaults, as the card does.
    }
    var theme = layout.theme || card.themes[0];
    var inputStyle = layout.inputStyle || card.inputStyle;
    return card.themes.indexOf(theme) !== -1 && inputStyle === card.inputStyle;
  }

  var session = storedSession();
  if (session) root.setAttribute('data-stored-session', '');

  var meta = document.querySelector('meta[name="sign-in-card"]');
  if (!meta) return;
  var show = false;
  try {
    var card = JSON.parse(meta.getAttribute('content'));
    show = !session && new RegExp(card.routes, 'i').test(window.location.pathname) && looksAsDrawn(card);
  } catch (error) {
    show = false;
  }
  root.setAttribute('data-sign-in-card', show ? 'shown' : 'hidden');
  if (!show) return;

  function inCard(element) {
    return element && element.closest && element.closest('#sign-in-card');
  }
  // A control's name as the app finds it again in the live card: its aria-label, or else its text.
  function nameOf(control) {
    return control.getAttribute('aria-label') || (control.textContent || '').trim();
  }
  function recordPress(control) {
    var cardElement = inCard(control);
    if (cardElement) cardElement.setAttribute('data-pressed', nameOf(control));
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    var control = target && target.closest && target.closest('#sign-in-card button');
    if (control) recordPress(control);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || !event.target || event.target.tagName !== 'INPUT' || !inCard(event.target)) return;
    var submit = document.querySelector('#sign-in-card [data-submit]');
    if (submit) recordPress(submit);
  });
  // The live card focuses its first field; the drawn one does the same, unless the customer is already somewhere.
  document.addEventListener('DOMContentLoaded', function () {
    var first = document.querySelector('#sign-in-card [data-autofocus]');
    if (first && (document.activeElement === null || document.activeElement === document.body)) first.focus();
  });
})();
