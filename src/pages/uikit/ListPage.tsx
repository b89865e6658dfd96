import {
  ActionIcon,
  Badge,
  Group,
  NumberFormatter,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsDown,
  IconChevronsLeft,
  IconChevronsRight,
  IconChevronsUp,
  IconChevronDown,
  IconChevronUp,
  IconLayoutGrid,
  IconList,
} from '@tabler/icons-react';
import { useState } from 'react';
import { getProductsMixed, getProductsSmall, productImageUrl, type Product } from '../../demo/index.ts';
import { StockBadge } from '../crud/StockBadge.tsx';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { Stars } from '../shared/Stars.tsx';
import { toggled } from '../shared/toggled.ts';
import { useDemo } from '../shared/useDemo.ts';
import classes from './ListPage.module.css';
import { T } from '../shared/Words.tsx';

const SORTS = [
  { value: 'price-desc', label: 'Price, high to low' },
  { value: 'price-asc', label: 'Price, low to high' },
  { value: 'name', label: 'Name' },
];

export function ListPage() {
  const small = useDemo(getProductsSmall);
  const mixed = useDemo(getProductsMixed);
  return (
    <>
      <PageHeader heading="page.list.title" description={<T k="page.list.lead" />} />
      <Stack gap="lg">
        <Section title={<T k="page.list.dataView" />}>
          <DemoContent state={small} skeletonRows={6}>
            {(list) => <DataView products={list} />}
          </DemoContent>
        </Section>
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
          <Section title={<T k="page.list.pickList" />} description="Choose products for a bundle">
            <DemoContent state={mixed}>{(list) => <PickList products={list} />}</DemoContent>
          </Section>
          <Section title={<T k="page.list.orderList" />} description="Put the bundle in display order">
            <DemoContent state={mixed}>{(list) => <OrderList products={list.slice(0, 8)} />}</DemoContent>
          </Section>
        </SimpleGrid>
      </Stack>
    </>
  );
}

function DataView({ products }: { products: Product[] }) {
  const [layout, setLayout] = useState('list');
  const [sort, setSort] = useState<string | null>('price-desc');
  const sorted = [...products].sort((a, b) =>
    sort === 'name' ? a.name.localeCompare(b.name) : sort === 'price-asc' ? a.price - b.price : b.price - a.price,
  );
  return (
    <>
      <Group justify="space-between" mb="md">
        <Select aria-label="Sort products" data={SORTS} value={sort} onChange={setSort} allowDeselect={false} w={220} />
        <SegmentedControl
          value={layout}
          onChange={setLayout}
          aria-label="Layout"
          data={[
            { value: 'list', label: <IconList size={16} aria-label="List" /> },
            { value: 'grid', label: <IconLayoutGrid size={16} aria-label="Grid" /> },
          ]}
        />
      </Group>
      {layout === 'list' ? (
        <Stack gap={0}>
          {sorted.map((p, i) => (
            <Group key={p.id} py="md" wrap="nowrap" style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}>
              <img src={productImageUrl(p)} alt="" className={classes.thumb} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{p.name}</Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {p.description}
                </Text>
                <Group gap="xs" mt={4}>
                  <Badge variant="outline" color="gray" size="sm">
                    {p.category}
                  </Badge>
                  <Stars value={p.rating} size="xs" />
                </Group>
              </div>
              <Stack align="flex-end" gap={6}>
                <Text fw={700} fz="lg">
                  <NumberFormatter value={p.price} prefix="€" decimalScale={2} fixedDecimalScale />
                </Text>
                <StockBadge status={p.inventoryStatus} />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
          {sorted.map((p) => (
            <Paper key={p.id} withBorder radius="md" p="md">
              <img src={productImageUrl(p)} alt="" className={classes.cardImage} />
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Text fw={600} lineClamp={1}>
                  {p.name}
                </Text>
                <StockBadge status={p.inventoryStatus} />
              </Group>
              <Text fw={700} mt={4}>
                <NumberFormatter value={p.price} prefix="€" decimalScale={2} fixedDecimalScale />
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

/** A list box whose options toggle on click; several may be chosen. */
function ListBox({
  label,
  items,
  selected,
  onToggle,
}: {
  label: string;
  items: Product[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Text size="sm" fw={600} mb={6} id={`listbox-${label}`}>
        {label} ({items.length})
      </Text>
      <ul className={classes.pickList} role="listbox" aria-multiselectable="true" aria-labelledby={`listbox-${label}`}>
        {items.map((item) => (
          <li key={item.id} role="none">
            <UnstyledButton
              role="option"
              aria-selected={selected.has(item.id)}
              className={classes.option}
              onClick={() => onToggle(item.id)}
            >
              {item.name}
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

const useSelection = () => {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setSelected((old) => toggled(old, id));
  return [selected, toggle, () => setSelected(new Set())] as const;
};

function PickList({ products }: { products: Product[] }) {
  const [source, setSource] = useState(products);
  const [target, setTarget] = useState<Product[]>([]);
  const [selected, toggle, clear] = useSelection();

  const transfer = (from: Product[], setFrom: (p: Product[]) => void, to: Product[], setTo: (p: Product[]) => void, all: boolean) => {
    const moving = from.filter((p) => all || selected.has(p.id));
    setFrom(from.filter((p) => !moving.includes(p)));
    setTo([...to, ...moving]);
    clear();
  };

  const button = (label: string, Icon: typeof IconChevronRight, onClick: () => void, disabled: boolean) => (
    <Tooltip label={label} position="right">
      <ActionIcon variant="light" aria-label={label} onClick={onClick} disabled={disabled}>
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Group align="center" wrap="nowrap" gap="sm">
      <ListBox label="Available" items={source} selected={selected} onToggle={toggle} />
      <Stack gap="xs">
        {button(
          'Move selected to bundle',
          IconChevronRight,
          () => transfer(source, setSource, target, setTarget, false),
          !source.some((p) => selected.has(p.id)),
        )}
        {button('Move all to bundle', IconChevronsRight, () => transfer(source, setSource, target, setTarget, true), source.length === 0)}
        {button(
          'Move selected back',
          IconChevronLeft,
          () => transfer(target, setTarget, source, setSource, false),
          !target.some((p) => selected.has(p.id)),
        )}
        {button('Move all back', IconChevronsLeft, () => transfer(target, setTarget, source, setSource, true), target.length === 0)}
      </Stack>
      <ListBox label="Bundle" items={target} selected={selected} onToggle={toggle} />
    </Group>
  );
}

function OrderList({ products }: { products: Product[] }) {
  const [items, setItems] = useState(products);
  const [selected, setSelected] = useState<string | null>(null);
  const index = items.findIndex((p) => p.id === selected);
  const moveTo = (to: number) => {
    if (index < 0) return;
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
    setItems(next);
  };
  const controls: [string, typeof IconChevronUp, number, boolean][] = [
    ['Move to top', IconChevronsUp, 0, index <= 0],
    ['Move up', IconChevronUp, index - 1, index <= 0],
    ['Move down', IconChevronDown, index + 1, index < 0 || index === items.length - 1],
    ['Move to bottom', IconChevronsDown, items.length, index < 0 || index === items.length - 1],
  ];
  return (
    <Group align="center" wrap="nowrap" gap="sm">
      <Stack gap="xs">
        {controls.map(([label, Icon, to, disabled]) => (
          <Tooltip key={label} label={label} position="left">
            <ActionIcon variant="light" aria-label={label} onClick={() => moveTo(to)} disabled={disabled}>
              <Icon size={16} />
            </ActionIcon>
          </Tooltip>
        ))}
      </Stack>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} mb={6} id="order-list-label">
          Display order
        </Text>
        <ol className={classes.pickList} role="listbox" aria-labelledby="order-list-label">
          {items.map((item, i) => (
            <li key={item.id} role="none">
              <UnstyledButton
                role="option"
                aria-selected={item.id === selected}
                className={classes.option}
                onClick={() => setSelected(item.id === selected ? null : item.id)}
              >
                {i + 1}. {item.name}
              </UnstyledButton>
            </li>
          ))}
        </ol>
      </div>
    </Group>
  );
}

export { ListPage as Component };
