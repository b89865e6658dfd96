import { createContext, use, useEffect, useLayoutEffect, useReducer, type Dispatch, type ReactNode } from 'react';
import '../accessibility.css';
import '../direction.css';
import { retryable } from '../../chunks/retryable.ts';
import rippleClasses from '../ripple/Ripple.module.css';
import { applyToDocument } from './applyToDocument.ts';
import { initialLayoutState, layoutReducer, type LayoutAction, type LayoutState } from './layoutState.ts';
import { browserStorage, loadConfig, parseConfig, saveConfig, SETTINGS_KEY } from './settings.ts';

/**
 * The ripple's code comes only once its setting is on (it is off by default): in the entry it was 0.8 KB of the
 * live sign-in form's 400 KB (issue 30). Its style, a few rules, stays with the app's.
 */
const loadRipple = retryable(() => import('../ripple/ripple.ts'));

interface LayoutContextValue {
  state: LayoutState;
  dispatch: Dispatch<LayoutAction>;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

/**
 * Holds the layout state for the whole app, so the theme applies to every
 * page (public ones too) and menus survive moving between pages. Settings are
 * saved as they change and put on <html>; another tab's changes are followed.
 */
export function LayoutProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(layoutReducer, undefined, () => initialLayoutState(loadConfig(browserStorage())));
  const { config } = state;

  // Before paint, so a change of scheme or scale never shows half-applied.
  useLayoutEffect(() => {
    applyToDocument(config, document.documentElement);
    saveConfig(browserStorage(), config);
  }, [config]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SETTINGS_KEY) dispatch({ type: 'replaceConfig', config: parseConfig(event.newValue) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!config.ripple) return;
    let stop: (() => void) | undefined;
    let ended = false;
    loadRipple().then(
      ({ startRipple }) => {
        if (!ended) stop = startRipple(document, rippleClasses.ink ?? '');
      },
      // Unreachable (offline): no ripple until the setting is turned on again.
      () => {},
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [config.ripple]);

  return <LayoutContext value={{ state, dispatch }}>{children}</LayoutContext>;
}

export function useLayout(): LayoutContextValue {
  const value = use(LayoutContext);
  if (!value) throw new Error('useLayout must be used inside <LayoutProvider>.');
  return value;
}
