import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';

export function Footer() {
  return (
    <Group component="footer" justify="center" gap="xs" py="lg" wrap="wrap">
      <Logo size={20} />
      <Text size="sm" c="dimmed">
        Customer area by your account team ·{' '}
        <Anchor component={Link} to="/dashboard/documentation" size="sm" underline="always">
          Documentation
        </Anchor>
      </Text>
    </Group>
  );
}
