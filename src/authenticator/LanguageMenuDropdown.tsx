/**
 * The language menu itself (Mantine's Menu, with its floating positioning):
 * loaded after the sign-in form is interactive, see LanguageMenu.tsx.
 */
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import classes from './AuthCard.module.css';
import { useTranslation } from '../i18n/index.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/index.ts';
import { LanguageButton } from './LanguageButton.tsx';

export interface LanguageMenuDropdownProps {
  disabled: boolean;
  /** open at once: the customer pressed the button before the menu had arrived */
  defaultOpened: boolean;
  /** take the focus at once: the button this one replaces had it */
  focus: boolean;
}

export function LanguageMenuDropdown({ disabled, defaultOpened, focus }: LanguageMenuDropdownProps) {
  const { language, setLanguage } = useTranslation();
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) target.current?.focus();
  }, [focus]);
  return (
    <Menu position="bottom-end" shadow="md" width={160} defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton ref={target} disabled={disabled} />
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            leftSection={<IconCheck size={14} aria-hidden className={classes.check} data-current={option === language} />}
            onClick={() => setLanguage(option)}
          >
            {LANGUAGE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
