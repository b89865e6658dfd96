import {
  Avatar,
  Badge,
  Blockquote,
  Group,
  Indicator,
  Kbd,
  Loader,
  Progress,
  RingProgress,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBell, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

const PEOPLE = ['Amelia Ortiz', 'Bernard Lowe', 'Chiara Russo', 'Dmitri Volkov', 'Esther Mensah'];

export function MiscPage() {
  const [progress, setProgress] = useState(20);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setProgress((p) => (p >= 100 ? 0 : p + 10)), 800);
    return () => clearInterval(timer);
  }, []);

  return (
    <>
      <PageHeader heading="page.misc.title" description={<T k="page.misc.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.misc.progress" />}>
            <Progress value={progress} size="lg" animated aria-label={`Upload ${progress}%`} />
            <Group mt="md">
              <RingProgress
                size={90}
                thickness={9}
                roundCaps
                sections={[{ value: 72, color: 'teal' }]}
                label={
                  <Text ta="center" size="sm" fw={700}>
                    72%
                  </Text>
                }
                role="img"
                aria-label="Storage used: 72%"
              />
              <RingProgress
                size={90}
                thickness={9}
                sections={[
                  { value: 40, color: 'indigo', tooltip: 'Orders: 40%' },
                  { value: 25, color: 'orange', tooltip: 'Returns: 25%' },
                  { value: 15, color: 'grape', tooltip: 'Invoices: 15%' },
                ]}
                role="img"
                aria-label="Activity by kind: orders 40%, returns 25%, invoices 15%"
              />
              <Loader type="dots" role="status" aria-label="Loading" />
              <Loader type="bars" color="teal" role="status" aria-label="Loading" />
            </Group>
          </Section>
          <Section title={<T k="page.misc.badgesAndTags" />}>
            <Group gap="xs">
              <Badge>New</Badge>
              <Badge color="teal.9">Paid</Badge>
              <Badge color="orange" variant="dot">
                Pending
              </Badge>
              <Badge color="red" variant="dot">
                Overdue
              </Badge>
              <Badge variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
                Premium
              </Badge>
              <Badge size="lg" radius="sm" color="gray">
                v2.4.0
              </Badge>
            </Group>
          </Section>
          <Section title={<T k="page.misc.avatarsAndIndicators" />}>
            <Group gap="xl">
              <Avatar.Group>
                {PEOPLE.map((name) => (
                  <Avatar key={name} name={name} color="initials" radius="xl" />
                ))}
                <Avatar radius="xl">+7</Avatar>
              </Avatar.Group>
              <Indicator label="3" size={18} color="red">
                <ThemeIcon variant="light" size="lg" role="img" aria-label="Notifications, 3 unread">
                  <IconBell size={20} />
                </ThemeIcon>
              </Indicator>
              <Indicator processing color="teal" position="bottom-end" offset={4}>
                <Avatar name="Grace Kim" color="initials" radius="xl" role="img" aria-label="Grace Kim, online" />
              </Indicator>
              <Indicator label="New" size={16} color="indigo" inline>
                <ThemeIcon variant="default" size="lg" role="img" aria-label="Mail, new">
                  <IconMail size={20} />
                </ThemeIcon>
              </Indicator>
            </Group>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section
            title={<T k="page.misc.placeholders" />}
            actions={<Switch label="Loaded" checked={loaded} onChange={(e) => setLoaded(e.currentTarget.checked)} />}
          >
            <Group wrap="nowrap" align="flex-start">
              <Skeleton visible={!loaded} circle height={48} width={48}>
                <Avatar name="Chiara Russo" color="initials" size={48} radius="xl" />
              </Skeleton>
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton visible={!loaded}>
                  <Text fw={600}>Chiara Russo</Text>
                </Skeleton>
                <Skeleton visible={!loaded}>
                  <Text size="sm" c="dimmed">
                    Account manager for the northern region since 2021.
                  </Text>
                </Skeleton>
              </Stack>
            </Group>
          </Section>
          <Section title={<T k="page.misc.keyboardKeys" />}>
            <Text size="sm">
              Close a dialog with <Kbd>Esc</Kbd>; move in the menu bar with <Kbd>←</Kbd> and <Kbd>→</Kbd>.
            </Text>
          </Section>
          <Section title={<T k="page.misc.quote" />}>
            <Blockquote color="indigo" icon={<IconInfoCircle size={22} />} cite="– A customer in Lyon">
              Everything I need is in one place, and the delivery updates are spot on.
            </Blockquote>
          </Section>
          <Section title={<T k="page.misc.scrollArea" />}>
            <ScrollArea h={140} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'Activity log' }}>
              <Stack gap={4}>
                {Array.from({ length: 20 }, (_, i) => (
                  <Text key={i} size="sm">
                    Activity entry {i + 1}: order {4000 + i} updated
                  </Text>
                ))}
              </Stack>
            </ScrollArea>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { MiscPage as Component };
