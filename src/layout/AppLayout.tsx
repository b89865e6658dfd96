import { Progress } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { Outlet, useNavigation } from 'react-router';
import classes from './AppLayout.module.css';
import { SettingsPanel } from './config/SettingsPanel.tsx';
import { Footer } from './Footer.tsx';
import { Menu } from './menu/Menu.tsx';
import { Notices } from './Notices.tsx';
import { useHashScroll, usePageKey } from './navigation/RouteEffects.tsx';
import { useLayout } from './state/LayoutProvider.tsx';
import { DESKTOP_BREAKPOINT, isMenuBesidePage, isMenuFloating, isMenuVisible } from './state/layoutState.ts';
import { Topbar } from './topbar/Topbar.tsx';

export interface AppLayoutProps {
  /** who is signed in, shown in the top bar */
  userLabel?: string;
  /** the top bar's Profile action (signs out); the layout knows nothing of sign-in */
  onProfile: () => void;
}

const MENU_ID = 'layout-sidebar';
const MAIN_ID = 'main-content';

/** The dashboard shell: top bar, side menu, the current page, footer and settings panel. */
export function AppLayout({ userLabel, onProfile }: AppLayoutProps) {
  const { t, direction } = useTranslation('app');
  const { state, dispatch } = useLayout();
  const desktop = useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT + 1}px)`, true, { getInitialValueInEffect: false });
  const visible = isMenuVisible(state, desktop);
  const floating = desktop ? state.config.menuMode === 'overlay' : true;
  const floatingOpen = isMenuFloating(state, desktop);
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const pageKey = usePageKey();
  useHashScroll();

  // A click anywhere but the menu and its toggle closes a floating menu; so does Escape.
  useEffect(() => {
    if (!floatingOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (sidebarRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      dispatch({ type: 'outsideClick' });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      dispatch({ type: 'outsideClick' });
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [floatingOpen, dispatch]);

  const skipToContent = () => document.getElementById(MAIN_ID)?.focus();

  return (
    <div className={classes.wrapper} data-menu-mode={state.config.menuMode}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={(event) => (event.preventDefault(), skipToContent())}>
        {t('shell.skipToContent')}
      </a>
      {navigation.state !== 'idle' && (
        <Progress className={classes.progress} value={100} animated size={3} radius={0} aria-label={t('shell.loadingPage')} />
      )}
      <Topbar menuVisible={visible} menuId={MENU_ID} toggleRef={toggleRef} userLabel={userLabel} onProfile={onProfile} />
      <nav
        ref={sidebarRef}
        id={MENU_ID}
        aria-label={t('shell.mainMenu')}
        className={`${classes.sidebar} ${floating ? classes.floating : ''}`}
        data-hidden={!visible || undefined}
        onPointerEnter={() => floatingOpen && dispatch({ type: 'menuHover', active: true })}
        onPointerLeave={() => state.menuHoverActive && dispatch({ type: 'menuHover', active: false })}
      >
        <Menu />
      </nav>
      {floatingOpen && <div className={classes.mask} aria-hidden data-testid="menu-mask" />}
      <div className={classes.container} data-beside-menu={isMenuBesidePage(state, desktop) || undefined}>
        <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Outlet key={pageKey} />
        </main>
        <Footer />
      </div>
      <SettingsPanel />
      <Notices position={direction === 'rtl' ? 'top-left' : 'top-right'} />
    </div>
  );
}

export { AppLayout as Component };
