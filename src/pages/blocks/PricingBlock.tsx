import { Badge, Button, Group, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { intlLocale, useTranslation, type MessageKey } from '../../i18n/index.ts';
import classes from './Blocks.module.css';

// The plans' names are names, the same in every language; the rest is the catalogue's.
const plans: readonly { name: string; price: number; note: MessageKey; features: MessageKey[]; featured?: true }[] = [
  {
    name: 'Basic',
    price: 0,
    note: 'landing.plan.basicNote',
    features: ['landing.plan.oneAccount', 'landing.plan.orderHistory', 'landing.plan.emailSupport'],
  },
  {
    name: 'Plus',
    price: 9,
    note: 'landing.plan.plusNote',
    features: ['landing.plan.everythingInBasic', 'landing.plan.savedAddresses', 'landing.plan.fasterDelivery', 'landing.plan.chatSupport'],
    featured: true,
  },
  {
    name: 'Business',
    price: 29,
    note: 'landing.plan.businessNote',
    features: [
      'landing.plan.everythingInPlus',
      'landing.plan.fiveMembers',
      'landing.plan.invoicesByProject',
      'landing.plan.accountManager',
    ],
  },
];

/** Three plans side by side; the recommended one stands out. */
export function PricingBlock({ headingOrder = 3, onChoose }: { headingOrder?: 2 | 3; onChoose?: (plan: string) => void }) {
  const { t, language } = useTranslation('app');
  const price = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {plans.map((plan) => (
        <Paper key={plan.name} withBorder radius="lg" p="xl" className={classes.plan} data-featured={plan.featured || undefined}>
          <Group justify="space-between">
            <Title order={headingOrder} size="h4">
              {plan.name}
            </Title>
            {plan.featured && <Badge>{t('landing.plan.mostPopular')}</Badge>}
          </Group>
          <Text c="dimmed" size="sm">
            {t(plan.note)}
          </Text>
          <Text className={classes.price} mt="lg">
            {price.format(plan.price)}
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              {t('landing.plan.perMonth')}
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
              <List.Item key={feature}>{t(feature)}</List.Item>
            ))}
          </List>
          <Button variant={plan.featured ? 'filled' : 'light'} fullWidth onClick={() => onChoose?.(plan.name)}>
            {t('landing.plan.choose', { plan: plan.name })}
          </Button>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
