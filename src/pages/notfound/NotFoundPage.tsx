import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation, type MessageKey } from '../../i18n/index.ts';

// Three ways back to the start, as the template's 404 offers.
const links = [
  { label: 'notFound.faq', text: 'notFound.faqText' },
  { label: 'notFound.solutions', text: 'notFound.solutionsText' },
  { label: 'notFound.permissions', text: 'notFound.permissionsText' },
] as const satisfies readonly { label: MessageKey; text: MessageKey }[];

/** The 404 page (spec §2: its English words verbatim). */
export function NotFoundPage() {
  const { t } = useTranslation('app');
  return (
    <Container size={520} py={80}>
      <Paper withBorder radius="md" p="xl">
        <Text fw={700} c="indigo" fz={48} lh={1}>
          404
        </Text>
        <Title order={1} mt="sm">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('notFound.text')}
        </Text>
        <Stack gap="sm" mt="xl">
          {links.map((link) => (
            <div key={link.label}>
              <Anchor component={Link} to="/" fw={600}>
                {t(link.label)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(link.text)}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}

export { NotFoundPage as Component };
