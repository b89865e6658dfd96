import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, isEmail, hasLength } from '@mantine/form';
import { IconBolt, IconDeviceMobile, IconHeadset, IconLock, IconReceipt, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import classes from './Blocks.module.css';
import { FaqBlock } from './FaqBlock.tsx';
import { FeaturesBlock } from './FeaturesBlock.tsx';
import { HeroBlock } from './HeroBlock.tsx';
import { PricingBlock } from './PricingBlock.tsx';
import { T } from '../shared/Words.tsx';

const features = [
  { icon: IconTruckDelivery, title: 'Track every order', text: 'See where each parcel is, from packing to your door.' },
  { icon: IconReceipt, title: 'Invoices in one place', text: 'Download any invoice of the last seven years as a PDF.' },
  { icon: IconLock, title: 'Private by design', text: 'Sign-in never sends your password, and sessions end when you say so.' },
  { icon: IconDeviceMobile, title: 'Works on any screen', text: 'The same pages on a phone, a tablet or a desktop.' },
  { icon: IconBolt, title: 'Fast', text: 'Pages load only when you open them.' },
  { icon: IconHeadset, title: 'People who answer', text: 'Your account team replies within one working day.' },
];

const stats = [
  ['12,400+', 'customers'],
  ['98.7%', 'orders on time'],
  ['4.8 / 5', 'average rating'],
  ['24 h', 'reply time'],
];

export function BlocksPage() {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <PageHeader heading="page.blocks.title" description={<T k="page.blocks.lead" />} />
      <Stack gap="lg">
        <Section title={<T k="page.blocks.hero" />}>
          <HeroBlock
            headingOrder={3}
            eyebrow="New this season"
            title="Everything about your orders, in one place"
            text="Follow deliveries, download invoices and talk to your account team without waiting on the phone."
          />
        </Section>
        <Section title={<T k="page.blocks.features" />}>
          <FeaturesBlock features={features} />
        </Section>
        <Section title={<T k="page.blocks.statistics" />}>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {stats.map(([value, label]) => (
              <Paper key={label} p="lg" radius="md" bg="var(--mantine-primary-color-light)">
                <Text fz={28} fw={800} c="var(--mantine-primary-color-light-color)">
                  {value}
                </Text>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Section>
        <Section
          title={<T k="page.blocks.pricing" />}
          description={chosen ? `You picked ${chosen}.` : 'Pick a plan to see the block react.'}
        >
          <PricingBlock onChoose={setChosen} />
        </Section>
        <Section title={<T k="page.blocks.callToAction" />}>
          <div className={classes.cta}>
            <Title order={3}>
              <T k="page.blocks.readyWhenYouAre" />
            </Title>
            <Text mt="xs" opacity={0.9}>
              Create your account in a minute; all you need is an e-mail address.
            </Text>
            <Button mt="lg" variant="white" color="dark">
              Create account
            </Button>
          </div>
        </Section>
        <Section title={<T k="page.blocks.questionsAndAnswers" />}>
          <FaqBlock />
        </Section>
        <Section title={<T k="page.blocks.contactForm" />}>
          <ContactBlock />
        </Section>
      </Stack>
    </>
  );
}

function ContactBlock() {
  const [sent, setSent] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', message: '' },
    validate: {
      name: hasLength({ min: 2 }, 'Tell us your name'),
      email: isEmail('Please enter a valid email'),
      message: hasLength({ min: 10 }, 'Write at least 10 characters'),
    },
  });
  if (sent) {
    return (
      <Text role="status">
        Thank you, {form.values.name}. This is a demo block, so nothing was sent.{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => (form.reset(), setSent(false))}>
          Write another
        </Button>
      </Text>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit(() => setSent(true))}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
      </SimpleGrid>
      <Textarea label="Message" required mt="md" autosize minRows={3} {...form.getInputProps('message')} />
      <Group justify="flex-end" mt="md">
        <Button type="submit">Send</Button>
      </Group>
    </form>
  );
}

export { BlocksPage as Component };
