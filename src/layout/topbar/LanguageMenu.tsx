import { Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGES, localeName, useTranslation, type Language } from '../../i18n/index.ts';
import { Action, useEscapeCloses } from './Action.tsx';

/**
 * The top bar's language control: every offered language, each named in
 * itself and marked with its own `lang` so a screen reader says it right, the
 * current one ticked and marked as current. Mantine's Menu gives it the keys
 * customers know (the arrows, Home, End, Enter, Escape back to the button).
 * Choosing one fetches that language's words for the parts already shown,
 * then switches. Whether it is open is the bar's, whose Escape leaves the
 * phone's panel open while it is.
 */
export function LanguageMenu({ opened, setOpened }: { opened: boolean; setOpened: (opened: boolean) => void }) {
  const { t, language, setLanguage } = useTranslation('app');
  useEscapeCloses(() => setOpened(false));
  const choose = (next: Language) => {
    if (next !== language) void setLanguage(next);
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal={false} returnFocus>
      <Menu.Target>
        <Action label={t('shell.language')} icon={<IconLanguage size={20} stroke={1.7} />} withTooltip={!opened} />
      </Menu.Target>
      <Menu.Dropdown mah="70dvh" style={{ overflowY: 'auto' }}>
        {LANGUAGES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            // Mantine's items are menuitems (it sets the role): the current one says so with aria-current.
            aria-current={locale === language || undefined}
            rightSection={locale === language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => choose(locale)}
          >
            {localeName(locale)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
