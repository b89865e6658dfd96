import { ActionIcon, Avatar, Badge, Group, NumberFormatter, Progress, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconCircleCheck, IconCircleX, IconSearch } from '@tabler/icons-react';
import { Fragment, useMemo, useState } from 'react';
import {
  getCustomersMedium,
  getProductsWithOrdersSmall,
  type Customer,
  type CustomerStatus,
  type OrderStatus,
  type ProductWithOrders,
} from '../../demo/index.ts';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Pager } from '../shared/Pager.tsx';
import { Section } from '../shared/Section.tsx';
import { EmptyRow, SortableHeader } from '../shared/TableParts.tsx';
import { toggled } from '../shared/toggled.ts';
import { useDemo } from '../shared/useDemo.ts';
import { T } from '../shared/Words.tsx';
import { intlLocale, useTranslation } from '../../i18n/index.ts';

const STATUS_COLORS: Record<CustomerStatus, string> = {
  unqualified: 'red',
  qualified: 'teal',
  new: 'blue',
  negotiation: 'orange',
  renewal: 'grape',
  proposal: 'gray',
};

const ORDER_COLORS: Record<OrderStatus, string> = { PENDING: 'orange', DELIVERED: 'teal', CANCELLED: 'red', RETURNED: 'gray' };

type CustomerSort = { key: 'name' | 'date' | 'balance' | 'activity'; direction: 1 | -1 };

export function TablePage() {
  const customers = useDemo(getCustomersMedium);
  const products = useDemo(getProductsWithOrdersSmall);
  return (
    <>
      <PageHeader heading="page.table.title" description={<T k="page.table.lead" />} />
      <Stack gap="lg">
        <Section title={<T k="page.table.customers" />} description="From the customers-medium demo file">
          <DemoContent state={customers} skeletonRows={8}>
            {(list) => <CustomerTable customers={list} />}
          </DemoContent>
        </Section>
        <Section title={<T k="page.table.productsAndTheirOrders" />} description="Open a row to see the orders under it">
          <DemoContent state={products} skeletonRows={6}>
            {(list) => <OrdersTable products={list} />}
          </DemoContent>
        </Section>
      </Stack>
    </>
  );
}

function CustomerTable({ customers }: { customers: Customer[] }) {
  const { language } = useTranslation('app');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [sort, setSort] = useState<CustomerSort>({ key: 'name', direction: 1 });
  const [page, setPage] = useState(1);
  const pageSize = 10;

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    const filtered = customers.filter(
      (c) =>
        (!status || c.status === status) &&
        (!q || [c.name, c.company, c.country.name, c.representative.name].some((field) => field.toLowerCase().includes(q))),
    );
    return filtered.sort((a, b) => {
      const x = a[sort.key];
      const y = b[sort.key];
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sort.direction;
    });
  }, [customers, query, status, sort]);

  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);

  const sortable = (key: CustomerSort['key'], label: string) => (
    <SortableHeader
      label={label}
      direction={sort.key !== key ? null : sort.direction === 1 ? 'asc' : 'desc'}
      onSort={() => setSort(sort.key === key ? { key, direction: sort.direction === 1 ? -1 : 1 } : { key, direction: 1 })}
    />
  );

  return (
    <>
      <Group mb="md" gap="sm">
        <TextInput
          aria-label="Search customers"
          placeholder="Search name, company, country"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          aria-label="Filter by status"
          placeholder="Any status"
          data={Object.keys(STATUS_COLORS)}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          clearable
          w={180}
        />
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {sortable('name', 'Name')}
              <Table.Th>Country</Table.Th>
              <Table.Th>Agent</Table.Th>
              {sortable('date', 'Since')}
              <Table.Th>Status</Table.Th>
              {sortable('activity', 'Activity')}
              {sortable('balance', 'Balance')}
              <Table.Th>Verified</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.company}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="outline" color="gray" size="sm">
                      {c.country.code}
                    </Badge>
                    {c.country.name}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar size="sm" radius="xl" color="initials" name={c.representative.name} />
                    {c.representative.name}
                  </Group>
                </Table.Td>
                <Table.Td>{new Date(c.date).toLocaleDateString(intlLocale(language))}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={STATUS_COLORS[c.status]}>
                    {c.status}
                  </Badge>
                </Table.Td>
                <Table.Td miw={120}>
                  <Progress value={c.activity} size="sm" aria-label={`Activity ${c.activity}%`} />
                </Table.Td>
                <Table.Td>
                  <NumberFormatter value={c.balance} prefix="€" thousandSeparator="," />
                </Table.Td>
                <Table.Td>
                  {c.verified ? (
                    <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-label="Verified" />
                  ) : (
                    <IconCircleX size={20} color="var(--mantine-color-red-6)" aria-label="Not verified" />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {shown.length === 0 && <EmptyRow columns={8}>No customer matches.</EmptyRow>}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {rows.length} customers
        </Text>
        <Pager total={pages} value={current} onChange={setPage} />
      </Group>
    </>
  );
}

function OrdersTable({ products }: { products: ProductWithOrders[] }) {
  const { language } = useTranslation('app');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setOpen((old) => toggled(old, id));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48} />
            <Table.Th>Product</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Orders</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Fragment key={p.id}>
              <Table.Tr>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${open.has(p.id) ? 'Hide' : 'Show'} orders of ${p.name}`}
                    aria-expanded={open.has(p.id)}
                    aria-controls={`orders-${p.id}`}
                    onClick={() => toggle(p.id)}
                  >
                    {open.has(p.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                  </ActionIcon>
                </Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.category}</Table.Td>
                <Table.Td>
                  <NumberFormatter value={p.price} prefix="€" decimalScale={2} fixedDecimalScale />
                </Table.Td>
                <Table.Td>{p.orders.length}</Table.Td>
              </Table.Tr>
              {open.has(p.id) && (
                <Table.Tr id={`orders-${p.id}`}>
                  <Table.Td />
                  <Table.Td colSpan={4}>
                    <Table withTableBorder>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Order</Table.Th>
                          <Table.Th>Customer</Table.Th>
                          <Table.Th>Date</Table.Th>
                          <Table.Th>Amount</Table.Th>
                          <Table.Th>Status</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {p.orders.map((o) => (
                          <Table.Tr key={o.id}>
                            <Table.Td>{o.id}</Table.Td>
                            <Table.Td>{o.customer}</Table.Td>
                            <Table.Td>{new Date(o.date).toLocaleDateString(intlLocale(language))}</Table.Td>
                            <Table.Td>
                              <NumberFormatter value={o.amount} prefix="€" decimalScale={2} fixedDecimalScale />
                            </Table.Td>
                            <Table.Td>
                              <Badge variant="dot" color={ORDER_COLORS[o.status]}>
                                {o.status.toLowerCase()}
                              </Badge>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export { TablePage as Component };
