// Decides, before the first paint, whether the sign-in card prerendered into
// index.html shows. It does when the page is a sign-in page and nobody is
// signed in on this browser, in the language, theme and input style the card
// was drawn in; otherwise it never paints (a signed-in customer sees no flash
// of the form) and the app draws its own. The build writes what the card was
// drawn for in <meta name="sign-in-card">; without it (the dev server) only
// the stored-session flag below is set.
//
// Also, for the app: the fetch of /config.json, started here;
// data-stored-session on <html> when tokens are stored,
// and, on the card, data-pressed naming the last control the customer pressed
// before the app had started ("Sign in" for Enter in a field, too): the app
// presses the live one for them. A press of "Sign in" also asks for the code
// the sign-in will need once the app is there, which the build lists in
// <meta name="sign-in-files">, rather than after it has started. Not the AWS
// SDK's: the sign-in sends its requests by fetch, and the app asks for the SDK
// once the sign-in has ended.
//
// The dev server and the build write it into index.html as
// `(signInCard)(names)`, where `names` are the token keys, storage keys and
// markers the app itself uses (scripts/vite/startupScripts.ts), so no name is
// spelled here a second time. Inline, so the card's paint waits for no request;
// the Content-Security-Policy allows it by its hash, and no other inline script.
//
// The visitor's language is decided here as the app decides it (the app's
// negotiateLocale is passed in): <html lang dir> are set before anything
// paints, and when it is not the language the card was drawn in, the card
// waits, hidden, for that language's words (a small file the build writes
// beside index.html), which go in place before it first shows. Without them
// (offline, never fetched) the card never shows and the app draws its own.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the wrapper the build adds
function signInCard(names, negotiateLocale) {
  var root = document.documentElement;

  // The app's configuration, asked for now rather than once the app's code has arrived and run: the app takes this
  // fetch (src/config/earlyConfig.ts). A failure is the app's to report, when it reads it.
  try {
    var config = window.fetch(names.configPath, { cache: 'no-store' });
    config.catch(function () {});
    window[names.earlyConfig] = config;
  } catch (error) {
    // No fetch: the app asks itself.
  }

  function storedSession() {
    // Token keys: <prefix>.<clientId>.<lastUser> names the user whose <prefix>.<clientId>.<user>.<accessToken>
    // is stored, in localStorage or in cookies.
    var tokens = names.tokenKeys;
    var values = {};
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key && key.indexOf(tokens.prefix + '.') === 0) values[key] = window.localStorage.getItem(key);
      }
    } catch (error) {
      // No storage: nothing stored there.
    }
    // Token cookies carry the __Host- prefix, which only this origin can set; unprefixed ones (plain http) count only
    // on this machine, so a cookie planted for a parent domain by a sibling subdomain is never believed.
    var cookies = document.cookie ? document.cookie.split('; ') : [];
    var loopback = new RegExp(names.loopbackHost, 'i').test(window.location.hostname);
    for (var j = 0; j < cookies.length; j++) {
      var pair = cookies[j].split('=');
      try {
        var name = decodeURIComponent(pair[0]);
        if (name.indexOf(names.cookiePrefix) === 0) name = name.slice(names.cookiePrefix.length);
        else if (!loopback) continue;
        if (name.indexOf(tokens.prefix + '.') === 0) values[name] = decodeURIComponent(pair.slice(1).join('='));
      } catch (error) {
        // A cookie that is not ours.
      }
    }
    var lastUser = '.' + tokens.lastUser;
    for (var stored in values) {
      if (stored.slice(-lastUser.length) !== lastUser || !values[stored]) continue;
      var client = stored.slice(0, -lastUser.length);
      if (client.split('.').length === 2 && values[client + '.' + values[stored] + '.' + tokens.accessToken]) return true;
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

  function visitorLanguage() {
    var param = null;
    try {
      param = new URLSearchParams(window.location.search).get(names.languageParam);
    } catch (error) {
      // No parameter then.
    }
    var nav = window.navigator || {};
    var browser = nav.languages && nav.languages.length ? nav.languages : [nav.language || ''];
    return negotiateLocale(names.locales, { param: param, stored: read(names.languageKey), browser: browser }, 'en');
  }

  var language = visitorLanguage();
  root.setAttribute('lang', language);
  root.setAttribute('dir', names.rtl.indexOf(language) === -1 ? 'ltr' : 'rtl');

  /** The stored layout settings match what the card was drawn with. */
  function looksAsDrawn(card) {
    var layout = {};
    try {
      layout = JSON.parse(read(names.layoutKey) || '{}') || {};
    } catch (error) {
      // Unreadable settings: the app falls back to the defaults, as the card does.
    }
    var theme = layout.theme || card.themes[0];
    var inputStyle = layout.inputStyle || card.inputStyle;
    return card.themes.indexOf(theme) !== -1 && inputStyle === card.inputStyle;
  }

  var markers = names.markers;
  var session = storedSession();
  if (session) root.setAttribute(markers.storedSession, '');

  var meta = document.querySelector('meta[name="' + markers.meta + '"]');
  if (!meta) return;
  var show = false;
  try {
    var card = JSON.parse(meta.getAttribute('content'));
    show = !session && new RegExp(card.routes, 'i').test(window.location.pathname) && looksAsDrawn(card);
  } catch (error) {
    show = false;
  }
  var translated = show && language !== card.language;
  root.setAttribute(markers.cardState, show ? (translated ? 'waiting' : 'shown') : 'hidden');
  if (!show) return;
  if (translated) showInLanguage();

  /** Fetches the visitor's words for the card, and shows it once they are in place; gives up quietly. */
  function showInLanguage() {
    var request = window.fetch(names.markers.wordsPath + language + '.json').then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    });
    function apply(words) {
      var cardElement = document.getElementById(markers.cardId);
      // The app started first and drew its own card: nothing to do.
      if (!cardElement || root.getAttribute(markers.cardState) !== 'waiting') return;
      var texts = cardElement.querySelectorAll('[' + markers.text + ']');
      for (var i = 0; i < texts.length; i++) {
        var element = texts[i];
        var word = words.words[element.getAttribute(markers.text)];
        // A label's own text is its first text node: the required mark beside it stays.
        var node = element.firstChild;
        if (node && node.nodeType === 3) node.data = word;
        else element.textContent = word;
      }
      var labels = cardElement.querySelectorAll('[' + markers.label + ']');
      for (var j = 0; j < labels.length; j++) {
        var label = words.words[labels[j].getAttribute(markers.label)];
        if (labels[j].querySelector('[' + markers.languageName + ']')) label += ': ' + words.name;
        labels[j].setAttribute('aria-label', label);
      }
      var languageNames = cardElement.querySelectorAll('[' + markers.languageName + ']');
      for (var k = 0; k < languageNames.length; k++) languageNames[k].textContent = words.name;
      var page = cardElement.firstElementChild;
      if (page) {
        page.setAttribute('lang', words.lang);
        page.setAttribute('dir', words.dir);
      }
      root.setAttribute(markers.cardState, 'shown');
    }
    request.then(
      function (words) {
        if (document.readyState === 'loading')
          document.addEventListener(
            'readystatechange',
            function () {
              apply(words);
            },
            { once: true },
          );
        else apply(words);
      },
      function () {
        if (root.getAttribute(markers.cardState) === 'waiting') root.setAttribute(markers.cardState, 'hidden');
      },
    );
  }

  function inCard(element) {
    return element && element.closest && element.closest('#' + markers.cardId);
  }
  // A control as the app finds it again in the live card: its role and its aria-label, or else its text. The role
  // tells a tab from a button of the same name (German signs in with "Anmelden" on both).
  function nameOf(control) {
    return (control.getAttribute('role') || 'button') + ':' + (control.getAttribute('aria-label') || (control.textContent || '').trim());
  }
  function recordPress(control) {
    var cardElement = inCard(control);
    if (!cardElement) return;
    var submit = control.hasAttribute(markers.submit);
    // Whether the last press was "Sign in": the app then sends the sign-in before it draws.
    cardElement.toggleAttribute(markers.pressedSubmit, submit);
    cardElement.setAttribute(markers.pressed, nameOf(control));
    if (submit) fetchSignInFiles();
  }
  function fetchSignInFiles() {
    var list = document.querySelector('meta[name="' + markers.signInFiles + '"]');
    if (!list || list.hasAttribute(markers.signInFilesAsked)) return;
    list.setAttribute(markers.signInFilesAsked, '');
    var files = (list.getAttribute('content') || '').split(' ');
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[i];
      document.head.appendChild(link);
    }
  }
  // The app swaps its live card in only once this one is at rest (src/first-paint/handover.ts): not while a pointer
  // is down on it (the press would begin on one button and end on its twin, and be lost) or an input method is
  // composing in a field, nor right after a keystroke or a release. The card says which, for the app to read.
  var holds = { pointer: false, composition: false };
  function touched(cardElement) {
    if (cardElement) cardElement.setAttribute(markers.lastInput, String(Math.round(performance.now())));
  }
  function hold(kind, on) {
    return function (event) {
      var cardElement = document.getElementById(markers.cardId);
      if (!cardElement || (on && !inCard(event.target)) || holds[kind] === on) return;
      holds[kind] = on;
      if (holds.pointer || holds.composition) cardElement.setAttribute(markers.held, '');
      else cardElement.removeAttribute(markers.held);
      // What a release makes (the click after a pointer's, the text after a composition's) comes after it.
      if (!on) touched(cardElement);
    };
  }
  var watched = {
    pointerdown: hold('pointer', true),
    pointerup: hold('pointer', false),
    pointercancel: hold('pointer', false),
    compositionstart: hold('composition', true),
    compositionend: hold('composition', false),
    keydown: function (event) {
      touched(inCard(event.target));
    },
  };
  watched.input = watched.keydown;
  for (var type in watched) document.addEventListener(type, watched[type], true);
  document.addEventListener('click', function (event) {
    var target = event.target;
    var control = target && target.closest && target.closest('#' + markers.cardId + ' button');
    if (control) recordPress(control);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || !event.target || event.target.tagName !== 'INPUT' || !inCard(event.target)) return;
    var submit = document.querySelector('#' + markers.cardId + ' [' + markers.submit + ']');
    if (submit) recordPress(submit);
  });
  // The live card focuses its first field; the drawn one does the same, unless the customer is already somewhere.
  document.addEventListener('DOMContentLoaded', function () {
    var first = document.querySelector('#' + markers.cardId + ' [' + markers.autofocus + ']');
    if (first && (document.activeElement === null || document.activeElement === document.body)) first.focus();
  });
}
