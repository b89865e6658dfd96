import {
  ActionIcon,
  Badge,
  Grid,
  Group,
  Menu,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCreditCard,
  IconDots,
  IconMessage,
  IconPackage,
  IconReceiptRefund,
  IconSearch,
  IconShoppingCart,
  IconTruckDelivery,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { getProductsSmall, productImageUrl, type Product } from '../../demo/index.ts';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Deferred } from '../shared/Deferred.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import classes from './DashboardHome.module.css';
import { T } from '../shared/Words.tsx';
import { intlLocale, useTranslation } from '../../i18n/index.ts';
import { retryable } from '../../chunks/retryable.ts';

interface Stat {
  label: string;
  value: string;
  delta: string;
  note: string;
  icon: Icon;
  color: string;
}

const stats: Stat[] = [
  { label: 'Orders', value: '152', delta: '24 new', note: 'since last visit', icon: IconShoppingCart, color: 'blue' },
  { label: 'Revenue', value: '€2,100', delta: '+52%', note: 'since last week', icon: IconWallet, color: 'orange' },
  { label: 'Customers', value: '28,441', delta: '520', note: 'newly registered', icon: IconUsers, color: 'cyan' },
  { label: 'Comments', value: '152 unread', delta: '85', note: 'responded', icon: IconMessage, color: 'grape' },
];

// The chart library (about 110 KB gzip) comes with the chart, not with the page: the figures and tables show first.
const loadSalesChart = retryable(() => import('./SalesChart.tsx'));

const sales = [
  { month: 'Jan', online: 4200, store: 2400 },
  { month: 'Feb', online: 4800, store: 2210 },
  { month: 'Mar', online: 5100, store: 2900 },
  { month: 'Apr', online: 4700, store: 3100 },
  { month: 'May', online: 6200, store: 3400 },
  { month: 'Jun', online: 6900, store: 3300 },
  { month: 'Jul', online: 7400, store: 3900 },
  { month: 'Aug', online: 7100, store: 4100 },
  { month: 'Sep', online: 8000, store: 4300 },
];

const notifications: { day: string; items: { icon: Icon; color: string; text: string; amount?: string }[] }[] = [
  {
    day: 'Today',
    items: [
      { icon: IconCreditCard, color: 'blue', text: 'Richard Jones paid for a Linen Throw Blanket', amount: '€89.00' },
      { icon: IconTruckDelivery, color: 'teal', text: 'Order 4019 left the warehouse' },
    ],
  },
  {
    day: 'Yesterday',
    items: [
      { icon: IconReceiptRefund, color: 'red', text: 'Keyser Wick asked for a refund', amount: '€47.00' },
      { icon: IconPackage, color: 'orange', text: 'Stock of Yoga Mats is running low' },
      { icon: IconUsers, color: 'grape', text: '12 customers signed up this afternoon' },
    ],
  },
];

/** Units sold so far this month: demo figures, derived from the product so they stay stable. */
const soldShare = (product: Product) => 20 + ((product.code.charCodeAt(0) * 7 + product.rating * 13) % 75);

export function DashboardHome() {
  const products = useDemo(getProductsSmall);
  const { language } = useTranslation('app');
  const euros = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  // The browser's own formatting, in the customer's language (Mantine's NumberFormatter would bring a 5.6 KB library).
  const price = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

  return (
    <>
      <PageHeader heading="page.dashboard.title" description={<T k="page.dashboard.lead" />} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="lg">
        {stats.map((stat) => (
          <Paper key={stat.label} withBorder radius="lg" p="lg">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed" fw={500}>
                  {stat.label}
                </Text>
                <Text fz="xl" fw={700} mt={4}>
                  {stat.value}
                </Text>
              </div>
              <ThemeIcon size={44} radius="md" variant="light" color={stat.color} className={classes.statIcon} aria-hidden>
                <stat.icon size={24} stroke={1.6} />
              </ThemeIcon>
            </Group>
            <Text size="sm" mt="md">
              <Text span fw={600} inherit className={classes.up}>
                {stat.delta}
              </Text>{' '}
              <Text span c="dimmed" inherit>
                {stat.note}
              </Text>
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="lg">
            <Section title={<T k="page.dashboard.recentSales" />}>
              <DemoContent state={products} skeletonRows={5}>
                {(list) => (
                  <Table.ScrollContainer minWidth={420}>
                    <Table verticalSpacing="sm" highlightOnHover>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Image</Table.Th>
                          <Table.Th>Name</Table.Th>
                          <Table.Th>Price</Table.Th>
                          <Table.Th>
                            <VisuallyHidden>Actions</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {list.slice(0, 5).map((product) => (
                          <Table.Tr key={product.id}>
                            <Table.Td>
                              <img src={productImageUrl(product)} alt="" className={classes.thumb} />
                            </Table.Td>
                            <Table.Td>{product.name}</Table.Td>
                            <Table.Td>{price.format(product.price)}</Table.Td>
                            <Table.Td>
                              <Tooltip label={`View ${product.name}`}>
                                <ActionIcon variant="subtle" aria-label={`View ${product.name}`}>
                                  <IconSearch size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </DemoContent>
            </Section>

            <Section
              title={<T k="page.dashboard.bestSellingProducts" />}
              actions={
                <Menu position="bottom-end" shadow="md">
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label="Best sellers options">
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item>This month</Menu.Item>
                    <Menu.Item>This quarter</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              }
            >
              <DemoContent state={products} skeletonRows={6}>
                {(list) => (
                  <Stack gap="md">
                    {[...list]
                      .sort((a, b) => soldShare(b) - soldShare(a))
                      .slice(0, 6)
                      .map((product) => (
                        <div key={product.id}>
                          <Group justify="space-between" mb={4}>
                            <div>
                              <Text fw={500}>{product.name}</Text>
                              <Text size="xs" c="dimmed">
                                {product.category}
                              </Text>
                            </div>
                            <Text size="sm" fw={600}>
                              {soldShare(product)}%
                            </Text>
                          </Group>
                          <Progress
                            value={soldShare(product)}
                            size="sm"
                            aria-label={`${product.name}: ${soldShare(product)}% of stock sold`}
                          />
                        </div>
                      ))}
                  </Stack>
                )}
              </DemoContent>
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="lg">
            <Section title={<T k="page.dashboard.salesOverview" />} description="Revenue per month, in euros">
              <Deferred load={loadSalesChart} height={300} props={{ data: sales, formatValue: (value) => euros.format(value) }} />
            </Section>

            <Section title={<T k="page.dashboard.notifications" />}>
              <Stack gap="lg">
                {notifications.map((group) => (
                  <div key={group.day}>
                    <Title order={3} size="xs" tt="uppercase" c="dimmed" mb="sm">
                      {group.day}
                    </Title>
                    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      {group.items.map((item) => (
                        <li key={item.text} className={classes.notification}>
                          <ThemeIcon radius="xl" size="lg" variant="light" color={item.color} aria-hidden>
                            <item.icon size={18} />
                          </ThemeIcon>
                          <Text size="sm" component="div" style={{ flex: 1 }}>
                            {item.text}
                            {item.amount && (
                              <Badge ml="xs" variant="light" color={item.color}>
                                {item.amount}
                              </Badge>
                            )}
                          </Text>
                        </li>
                      ))}
                    </Stack>
                  </div>
                ))}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

export { DashboardHome as Component };
