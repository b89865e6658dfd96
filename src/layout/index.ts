/**
 * What the rest of the app may use from the layout. The shell itself
 * (AppLayout) is not here: it is loaded lazily, after sign-in, through
 * `import('../layout/AppLayout.tsx')`, so the sign-in path does not carry it.
 */
export { LayoutProvider, useLayout } from './state/LayoutProvider.tsx';
export { layoutColorSchemeManager } from './state/colorSchemeManager.ts';
export type { LayoutAction, LayoutState, MenuFlags } from './state/layoutState.ts';
export { DEFAULT_CONFIG, type InputStyle, type LayoutConfig, type MenuMode } from './state/settings.ts';
export { findTheme, THEMES, type ColorScheme, type ThemeFamily, type ThemeInfo } from './state/themes.ts';
export { RouteEffects, usePageKey } from './navigation/RouteEffects.tsx';
export type { AppLayoutProps } from './AppLayout.tsx';
export { DEFAULT_AFTER_SIGN_IN, safeRedirect } from './navigation/safeRedirect.ts';
export { PageLoader } from './PageLoader.tsx';
export { ShellFrame } from './ShellFrame.tsx';
export { Logo } from './Logo.tsx';
export { MENU } from './menu/menuModel.ts';
