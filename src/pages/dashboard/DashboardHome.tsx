import { Paper, SimpleGrid, Text, Title } from '@mantine/core';

const stats = [
  { label: 'Orders', value: '152', note: '24 new since last visit' },
  { label: 'Revenue', value: '€2,100', note: '52% more than last week' },
  { label: 'Customers', value: '28,441', note: '520 newly registered' },
  { label: 'Comments', value: '152 unread', note: '85 responded' },
];

export function DashboardHome() {
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        Dashboard
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {stats.map((stat) => (
          <Paper key={stat.label} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {stat.label}
            </Text>
            <Text fz="xl" fw={700}>
              {stat.value}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {stat.note}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}

export { DashboardHome as Component };
