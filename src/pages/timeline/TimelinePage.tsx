import { Badge, Grid, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconPackage, IconShoppingCart, IconTruckDelivery } from '@tabler/icons-react';
import { getScheduleEvents, type ScheduleEvent } from '../../demo/index.ts';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import { T } from '../shared/Words.tsx';

const orderSteps = [
  { title: 'Ordered', time: '15/10/2025 10:30', icon: IconShoppingCart, text: 'Order 4019 was placed: two items, €131.00.' },
  { title: 'Processing', time: '15/10/2025 14:00', icon: IconPackage, text: 'Payment confirmed; the warehouse is packing it.' },
  { title: 'Shipped', time: '16/10/2025 16:15', icon: IconTruckDelivery, text: 'Handed to the carrier, tracking number 7Y 204 881.' },
  { title: 'Delivered', time: '17/10/2025 10:00', icon: IconCheck, text: 'Signed for at the front desk.' },
];

const when = (event: ScheduleEvent) => {
  const start = new Date(event.start);
  const day = start.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long' });
  if (event.allDay || !event.end) return `${day} · all day`;
  const time = (d: Date) => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day} · ${time(start)}–${time(new Date(event.end))}`;
};

export function TimelinePage() {
  const events = useDemo(getScheduleEvents);
  return (
    <>
      <PageHeader heading="page.timeline.title" description={<T k="page.timeline.lead" />} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Section title={<T k="page.timeline.order4019" />} description="Where the parcel has been">
            <Timeline active={orderSteps.length - 1} bulletSize={32} lineWidth={2}>
              {orderSteps.map((step) => (
                <Timeline.Item key={step.title} title={step.title} bullet={<step.icon size={16} aria-hidden />}>
                  <Text size="sm">{step.text}</Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {step.time}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Section title={<T k="page.timeline.juneSchedule" />} description="From the schedule events file">
            <DemoContent state={events} skeletonRows={6}>
              {(list) => (
                <Timeline active={-1} bulletSize={28} color="grape">
                  {list.map((event) => (
                    <Timeline.Item
                      key={event.id}
                      bullet={
                        <ThemeIcon size={28} radius="xl" variant="light" color="grape" aria-hidden>
                          <IconCalendarEvent size={14} />
                        </ThemeIcon>
                      }
                      title={
                        <Group gap="xs">
                          {event.title}
                          {event.allDay && (
                            <Badge size="xs" variant="light">
                              All day
                            </Badge>
                          )}
                        </Group>
                      }
                    >
                      <Text size="xs" c="dimmed">
                        {when(event)}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </DemoContent>
          </Section>
        </Grid.Col>
      </Grid>
    </>
  );
}

export { TimelinePage as Component };
