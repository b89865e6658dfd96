import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import classes from './AuthCard.module.css';
import { useTranslation } from './i18n/LanguageProvider.tsx';
import { LANGUAGE_NAMES, LANGUAGES } from './i18n/translate.ts';

/** The card's language switch. Each language is named in itself and marked with its own lang, so a screen reader says it right. */
export function LanguageMenu({ disabled }: { disabled: boolean }) {
  const { t, language, setLanguage } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          aria-label={`${t('language')}: ${LANGUAGE_NAMES[language]}`}
          disabled={disabled}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
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
