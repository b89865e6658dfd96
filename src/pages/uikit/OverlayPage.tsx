import {
  Box,
  Button,
  Drawer,
  Group,
  HoverCard,
  LoadingOverlay,
  Modal,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

export function OverlayPage() {
  const [modal, modalHandlers] = useDisclosure(false);
  const [drawer, drawerHandlers] = useDisclosure(false);
  const [confirm, confirmHandlers] = useDisclosure(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <>
      <PageHeader heading="page.overlay.title" description={<T k="page.overlay.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.overlay.dialog" />}>
            <Button onClick={modalHandlers.open}>Open dialog</Button>
            <Modal
              opened={modal}
              onClose={modalHandlers.close}
              title="Change your e-mail address"
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              <TextInput label="New e-mail address" type="email" data-autofocus />
              <Group justify="flex-end" mt="md">
                <Button variant="default" onClick={modalHandlers.close}>
                  Cancel
                </Button>
                <Button onClick={modalHandlers.close}>Save</Button>
              </Group>
            </Modal>
          </Section>
          <Section title={<T k="page.overlay.confirmation" />}>
            <Group>
              <Button color="red" variant="light" onClick={confirmHandlers.open}>
                Cancel subscription
              </Button>
              {answer && (
                <Text size="sm" role="status">
                  You chose: {answer}
                </Text>
              )}
            </Group>
            <Modal
              opened={confirm}
              onClose={confirmHandlers.close}
              title="Are you sure?"
              size="sm"
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              <Text size="sm">Your subscription ends at the close of this billing period.</Text>
              <Group justify="flex-end" mt="md">
                <Button variant="default" onClick={() => (setAnswer('keep it'), confirmHandlers.close())}>
                  Keep it
                </Button>
                <Button color="red" onClick={() => (setAnswer('cancel it'), confirmHandlers.close())}>
                  Cancel it
                </Button>
              </Group>
            </Modal>
          </Section>
          <Section title={<T k="page.overlay.drawer" />}>
            <Button variant="light" onClick={drawerHandlers.open}>
              Open drawer
            </Button>
            <Drawer opened={drawer} onClose={drawerHandlers.close} title="Filters" closeButtonProps={{ 'aria-label': 'Close' }}>
              <Text size="sm">Drawers hold secondary content such as filters or details, and close with Escape.</Text>
            </Drawer>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.overlay.popOverAndTooltip" />}>
            <Group>
              <Popover width={260} position="bottom" withArrow shadow="md" trapFocus>
                <Popover.Target>
                  <Button variant="default">Show pop-over</Button>
                </Popover.Target>
                <Popover.Dropdown>
                  <TextInput label="Quick note" size="xs" placeholder="Remember to…" />
                </Popover.Dropdown>
              </Popover>
              <Tooltip label="Tooltips explain a control in a few words">
                <Button variant="default">Hover or focus me</Button>
              </Tooltip>
              <HoverCard width={240} shadow="md" openDelay={150}>
                <HoverCard.Target>
                  <Button variant="subtle">Account manager</Button>
                </HoverCard.Target>
                <HoverCard.Dropdown>
                  <Text size="sm" fw={600}>
                    Grace Kim
                  </Text>
                  <Text size="xs" c="dimmed">
                    Replies within one working day, Monday to Friday.
                  </Text>
                </HoverCard.Dropdown>
              </HoverCard>
            </Group>
          </Section>
          <Section title={<T k="page.overlay.loadingOverlay" />}>
            <Box pos="relative" p="md" style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 8 }}>
              <LoadingOverlay
                visible={busy}
                zIndex={10}
                overlayProps={{ radius: 'sm', blur: 2 }}
                loaderProps={{ 'aria-label': 'Refreshing' }}
              />
              <Text size="sm">Balance: €2,340.00</Text>
              <Text size="sm" c="dimmed">
                Last updated a minute ago
              </Text>
            </Box>
            <Button
              mt="md"
              variant="light"
              onClick={() => {
                setBusy(true);
                setTimeout(() => setBusy(false), 1500);
              }}
              disabled={busy}
            >
              Refresh
            </Button>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { OverlayPage as Component };
