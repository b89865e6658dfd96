import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

// Three ways back to the start, as the template's 404 offers.
const links = [
  { label: 'Frequently asked questions', text: 'Answers to the questions customers ask most.' },
  { label: 'Solution center', text: 'Guides for every part of your account.' },
  { label: 'Permission manager', text: 'Who can see and change what.' },
];

export function NotFoundPage() {
  return (
    <Container size={520} py={80}>
      <Paper withBorder radius="md" p="xl">
        <Text fw={700} c="indigo" fz={48} lh={1}>
          404
        </Text>
        <Title order={1} mt="sm">
          Not Found
        </Title>
        <Text c="dimmed" mt="xs">
          Requested resource is not available.
        </Text>
        <Stack gap="sm" mt="xl">
          {links.map((link) => (
            <div key={link.label}>
              <Anchor component={Link} to="/" fw={600}>
                {link.label}
              </Anchor>
              <Text size="sm" c="dimmed">
                {link.text}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}

export { NotFoundPage as Component };
