import { Alert, Button, Group, Notification, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

const KINDS = [
  { key: 'info', color: 'blue', title: 'Information', text: 'Your statement for May is ready.', icon: IconInfoCircle },
  { key: 'success', color: 'teal', title: 'Done', text: 'Your address was saved.', icon: IconCheck },
  { key: 'warning', color: 'orange', title: 'Check this', text: 'Your card expires next month.', icon: IconAlertTriangle },
  { key: 'error', color: 'red', title: 'Something failed', text: 'The payment was declined by your bank.', icon: IconX },
] as const;

export function MessagePage() {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [email, setEmail] = useState('ana@');
  const emailError = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : 'Please enter a valid email';

  return (
    <>
      <PageHeader heading="page.message.title" description={<T k="page.message.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.message.toasts" />} description="Shown in the corner, gone after a few seconds">
            <Group gap="sm">
              {KINDS.map((kind) => (
                <Button
                  key={kind.key}
                  variant="default"
                  leftSection={<kind.icon size={16} color={`var(--mantine-color-${kind.color}-filled)`} />}
                  onClick={() =>
                    notifications.show({ color: kind.color, title: kind.title, message: kind.text, icon: <kind.icon size={18} /> })
                  }
                >
                  {kind.title}
                </Button>
              ))}
            </Group>
          </Section>
          <Section title={<T k="page.message.messages" />} description="Part of the page; these can be dismissed">
            <Stack gap="sm">
              {KINDS.filter((kind) => !dismissed.has(kind.key)).map((kind) => (
                <Alert
                  key={kind.key}
                  color={kind.color}
                  title={kind.title}
                  icon={<kind.icon size={18} />}
                  withCloseButton
                  closeButtonLabel={`Dismiss ${kind.title.toLowerCase()} message`}
                  onClose={() => setDismissed((old) => new Set([...old, kind.key]))}
                >
                  {kind.text}
                </Alert>
              ))}
              {dismissed.size > 0 && (
                <Button variant="subtle" size="xs" onClick={() => setDismissed(new Set())} w="fit-content">
                  Show them again
                </Button>
              )}
            </Stack>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.message.notification" />}>
            <Stack gap="sm">
              <Notification title="New message" withCloseButton={false}>
                Grace from your account team replied to your question.
              </Notification>
              <Notification color="teal" icon={<IconCheck size={18} />} title="Order delivered" withCloseButton={false}>
                Order 4019 was signed for at 10:02.
              </Notification>
              <Notification loading title="Uploading invoice" withCloseButton={false}>
                The file is on its way.
              </Notification>
            </Stack>
          </Section>
          <Section title={<T k="page.message.fieldMessages" />}>
            <Stack>
              <TextInput label="Email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={emailError} />
              <TextInput label="Reference" description="Printed on your invoice, up to 20 characters" />
              <Text size="sm" c="dimmed">
                Type a full address in Email and its message goes away.
              </Text>
            </Stack>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { MessagePage as Component };
