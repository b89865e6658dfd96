import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentProps, Ref } from 'react';
import { localeName, useTranslation } from '../i18n/index.ts';

export interface LanguageButtonProps extends Omit<ComponentProps<'button'>, 'ref' | 'color' | 'children'> {
  ref?: Ref<HTMLButtonElement>;
  disabled: boolean;
}

/** The button that opens the language menu: the current language, named in itself. */
export function LanguageButton({ ref, disabled, ...rest }: LanguageButtonProps) {
  const { t, language } = useTranslation();
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      aria-label={`${t('language')}: ${localeName(language)}`}
      aria-haspopup="menu"
      disabled={disabled}
      {...rest}
    >
      {localeName(language)}
    </Button>
  );
}
