import { Badge, Button, Group, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import classes from './Blocks.module.css';

const plans = [
  { name: 'Basic', price: 0, note: 'For trying it out', features: ['One account', 'Order history', 'E-mail support'] },
  {
    name: 'Plus',
    price: 9,
    note: 'For regular customers',
    features: ['Everything in Basic', 'Saved addresses', 'Faster delivery', 'Chat support'],
    featured: true,
  },
  {
    name: 'Business',
    price: 29,
    note: 'For teams that buy together',
    features: ['Everything in Plus', 'Five team members', 'Invoices by project', 'An account manager'],
  },
];

/** Three plans side by side; the recommended one stands out. */
export function PricingBlock({ headingOrder = 3, onChoose }: { headingOrder?: 2 | 3; onChoose?: (plan: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {plans.map((plan) => (
        <Paper key={plan.name} withBorder radius="lg" p="xl" className={classes.plan} data-featured={plan.featured || undefined}>
          <Group justify="space-between">
            <Title order={headingOrder} size="h4">
              {plan.name}
            </Title>
            {plan.featured && <Badge>Most popular</Badge>}
          </Group>
          <Text c="dimmed" size="sm">
            {plan.note}
          </Text>
          <Text className={classes.price} mt="lg">
            €{plan.price}
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              / month
            </Text>
          </Text>
          <List
            spacing="xs"
            mt="lg"
            mb="xl"
            style={{ flex: 1 }}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                <IconCheck size={12} />
              </ThemeIcon>
            }
          >
            {plan.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
          <Button variant={plan.featured ? 'filled' : 'light'} fullWidth onClick={() => onChoose?.(plan.name)}>
            Choose {plan.name}
          </Button>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
