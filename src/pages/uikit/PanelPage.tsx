import {
  Accordion,
  Button,
  Card,
  Divider,
  Fieldset,
  Group,
  SimpleGrid,
  Spoiler,
  Stack,
  Stepper,
  Tabs,
  Text,
  TextInput,
  Toolbar,
} from '@mantine/core';
import { IconBold, IconItalic, IconMessage, IconPhoto, IconSettings, IconUnderline } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

const LONG_TEXT =
  'Your account keeps every order of the last seven years, with its invoice, delivery notes and any returns. Orders placed by colleagues you invited appear under their names, and you can filter the list by person, project or date. Archived orders stay searchable and can be restored to the main list at any time. If an invoice needs correcting, open the order and choose “Request a correction”: the account team replies within one working day.';

export function PanelPage() {
  const [step, setStep] = useState(1);
  return (
    <>
      <PageHeader heading="page.panel.title" description={<T k="page.panel.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.panel.toolbar" />}>
            <Toolbar aria-label="Text formatting">
              <Group gap="xs">
                <Button variant="default" size="xs" leftSection={<IconBold size={14} />}>
                  Bold
                </Button>
                <Button variant="default" size="xs" leftSection={<IconItalic size={14} />}>
                  Italic
                </Button>
                <Button variant="default" size="xs" leftSection={<IconUnderline size={14} />}>
                  Underline
                </Button>
              </Group>
            </Toolbar>
          </Section>
          <Section title={<T k="page.panel.accordion" />}>
            <Accordion variant="contained" defaultValue="orders">
              <Accordion.Item value="orders">
                <Accordion.Control>Orders</Accordion.Control>
                <Accordion.Panel>Follow each order from payment to delivery, and download its invoice.</Accordion.Panel>
              </Accordion.Item>
              <Accordion.Item value="returns">
                <Accordion.Control>Returns</Accordion.Control>
                <Accordion.Panel>Start a return within 30 days; we e-mail a label you can print at home.</Accordion.Panel>
              </Accordion.Item>
              <Accordion.Item value="payments">
                <Accordion.Control>Payments</Accordion.Control>
                <Accordion.Panel>Pay by card or bank transfer; business accounts can pay within 30 days.</Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Section>
          <Section title={<T k="page.panel.tabs" />}>
            <Tabs defaultValue="gallery">
              <Tabs.List>
                <Tabs.Tab value="gallery" leftSection={<IconPhoto size={14} />}>
                  Gallery
                </Tabs.Tab>
                <Tabs.Tab value="messages" leftSection={<IconMessage size={14} />}>
                  Messages
                </Tabs.Tab>
                <Tabs.Tab value="settings" leftSection={<IconSettings size={14} />}>
                  Settings
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="gallery" pt="sm">
                Pictures you attached to orders and returns.
              </Tabs.Panel>
              <Tabs.Panel value="messages" pt="sm">
                Conversations with your account team.
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="sm">
                How and when we contact you.
              </Tabs.Panel>
            </Tabs>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.panel.card" />}>
            <Card withBorder radius="md" padding="lg">
              <Text fw={600}>Quarterly summary</Text>
              <Text size="sm" c="dimmed" mt={4}>
                42 orders, €12,480 spent, 3 returns.
              </Text>
              <Divider my="sm" />
              <Group justify="flex-end">
                <Button variant="light" size="xs">
                  Open report
                </Button>
              </Group>
            </Card>
          </Section>
          <Section title={<T k="page.panel.fieldset" />}>
            <Fieldset legend="Billing contact">
              <TextInput label="Name" />
              <TextInput label="Email" type="email" mt="sm" />
            </Fieldset>
          </Section>
          <Section title={<T k="page.panel.spoiler" />}>
            <Spoiler maxHeight={60} showLabel="Show more" hideLabel="Show less">
              <Text size="sm">{LONG_TEXT}</Text>
            </Spoiler>
          </Section>
          <Section title={<T k="page.panel.stepper" />}>
            <Stepper active={step} onStepClick={setStep} size="sm">
              <Stepper.Step label="Cart" description="3 items" />
              <Stepper.Step label="Address" description="Where to" />
              <Stepper.Step label="Payment" description="How to pay" />
              <Stepper.Completed>
                <Text size="sm" mt="sm">
                  Order placed. Thank you!
                </Text>
              </Stepper.Completed>
            </Stepper>
            <Group justify="space-between" mt="md">
              <Button variant="default" size="xs" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
                Back
              </Button>
              <Button size="xs" onClick={() => setStep((s) => Math.min(3, s + 1))} disabled={step === 3}>
                Next
              </Button>
            </Group>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { PanelPage as Component };
