/**
 * The card's language switch. Each language is named in itself and marked
 * with its own lang, so a screen reader says it right.
 *
 * The menu (Mantine's Menu and its floating positioning, about 28 KB of
 * gzipped JS) is not needed to paint or use the sign-in form, so it comes
 * after: the button shows at once, and the menu module is fetched when the
 * browser is idle, or as soon as the customer presses the button, which then
 * opens the menu on arrival.
 */
import { useEffect, useRef, useState } from 'react';
import { LanguageButton } from './LanguageButton.tsx';
import type * as Dropdown from './LanguageMenuDropdown.tsx';

type MenuModule = typeof Dropdown;

let menuModule: Promise<MenuModule> | undefined;
const loadMenu = () => (menuModule ??= import('./LanguageMenuDropdown.tsx'));

/** Runs `run` when the browser has nothing else to do (within 3 s); returns a cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 3_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

interface Arrived {
  module: MenuModule;
  opened: boolean;
  focus: boolean;
}

export function LanguageMenu({ disabled }: { disabled: boolean }) {
  const [arrived, setArrived] = useState<Arrived | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);

  useEffect(() => {
    let live = true;
    const arrive = (module: MenuModule) => {
      if (!live) return;
      const focus = button.current !== null && button.current === button.current.ownerDocument.activeElement;
      setArrived({ module, opened: pressed.current, focus: focus || pressed.current });
    };
    const cancelIdle = whenIdle(() => void loadMenu().then(arrive));
    // A press before the idle moment fetches it now.
    const onPress = () => {
      pressed.current = true;
      void loadMenu().then(arrive);
    };
    const target = button.current;
    target?.addEventListener('click', onPress);
    return () => {
      live = false;
      target?.removeEventListener('click', onPress);
      cancelIdle();
    };
  }, []);

  if (arrived) {
    const { LanguageMenuDropdown } = arrived.module;
    return <LanguageMenuDropdown disabled={disabled} defaultOpened={arrived.opened} focus={arrived.focus} />;
  }
  return <LanguageButton ref={button} disabled={disabled} />;
}
