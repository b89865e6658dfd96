import { Loader, Title } from '@mantine/core';
import { useTranslation, type MessageKey } from '../i18n/index.ts';
import classes from './AppLayout.module.css';
import { Logo } from './Logo.tsx';
import { useLayout } from './state/LayoutProvider.tsx';
import { isDesktopWidth, isMenuBesidePage } from './state/layoutState.ts';
import bar from './topbar/Topbar.module.css';

/**
 * The signed-in page's frame: what shows the moment a sign-in ends (or a page
 * opens on a stored session) while the shell's and the page's files are on
 * their way. The card goes at once and the customer sees where they are: the
 * top bar with the brand, the side menu's card where the menu will be, and the
 * page's title where the page puts its heading, drawn with the shell's own
 * classes so that nothing moves when the shell arrives. It is in the entry,
 * with the words it shows (`brand`, `route.*`, src/i18n/parts.ts).
 */
export function ShellFrame({ title }: { title: MessageKey }) {
  const { t } = useTranslation();
  const { state } = useLayout();
  // Read once: the frame shows for a moment, and the shell follows the window's width from then on.
  const desktop = isDesktopWidth(window.innerWidth);
  const besideMenu = isMenuBesidePage(state, desktop);
  return (
    <div className={classes.wrapper}>
      <header className={bar.topbar}>
        <span className={bar.brand}>
          <Logo />
          <span>{t('brand')}</span>
        </span>
      </header>
      {besideMenu && <div className={classes.sidebar} />}
      <div className={classes.container} data-beside-menu={besideMenu || undefined}>
        <main className={classes.main} aria-busy="true">
          <Title order={1} size="h2" mb="lg">
            {t(title)}
          </Title>
          <Loader role="status" aria-label={t('loading')} />
        </main>
      </div>
    </div>
  );
}
