import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { Logo } from './Logo.tsx';

export function Footer() {
  const { t } = useTranslation('app');
  return (
    <Group component="footer" justify="center" gap="xs" py="lg" wrap="wrap">
      <Logo size={20} />
      <Text size="sm" c="dimmed">
        {t('shell.footer')} ·{' '}
        <Anchor component={Link} to="/dashboard/documentation" size="sm" underline="always">
          {t('shell.documentation')}
        </Anchor>
      </Text>
    </Group>
  );
}
