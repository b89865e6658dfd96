import { createContext, use, useEffect, useLayoutEffect, useReducer, type Dispatch, type ReactNode } from 'react';
import '../accessibility.css';
import '../direction.css';
import { startRipple } from '../ripple/ripple.ts';
import { applyToDocument } from './applyToDocument.ts';
import { initialLayoutState, layoutReducer, type LayoutAction, type LayoutState } from './layoutState.ts';
import { browserStorage, loadConfig, parseConfig, saveConfig, SETTINGS_KEY } from './settings.ts';

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

  useEffect(() => (config.ripple ? startRipple(document) : undefined), [config.ripple]);

  return <LayoutContext value={{ state, dispatch }}>{children}</LayoutContext>;
}

export function useLayout(): LayoutContextValue {
  const value = use(LayoutContext);
  if (!value) throw new Error('useLayout must be used inside <LayoutProvider>.');
  return value;
}
