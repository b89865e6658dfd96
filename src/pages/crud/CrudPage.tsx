import { Button, Checkbox, Group, Modal, NumberFormatter, Select, Table, Text, TextInput, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPencil, IconPhoto, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { getProducts, productImageUrl, type Product } from '../../demo/index.ts';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Pager } from '../shared/Pager.tsx';
import { Section } from '../shared/Section.tsx';
import { Stars } from '../shared/Stars.tsx';
import { EmptyRow, RowAction, SortableHeader } from '../shared/TableParts.tsx';
import { useDemo } from '../shared/useDemo.ts';
import classes from './CrudPage.module.css';
import { toCsv } from './csv.ts';
import { ProductDialog } from './ProductDialog.tsx';
import { filterProducts, inventoryStatusOf, nextSort, pageCount, pageOf, sortProducts, type Sort, type SortKey } from './productTable.ts';
import { StockBadge } from './StockBadge.tsx';
import { T } from '../shared/Words.tsx';

const PAGE_SIZES = ['5', '10', '25'];

export function CrudPage() {
  const products = useDemo(getProducts);
  return (
    <>
      <PageHeader heading="page.crud.title" description={<T k="page.crud.lead" />} />
      <Section title={<T k="page.crud.catalogue" />}>
        <DemoContent state={products} skeletonRows={8}>
          {(list) => <ProductManager initial={list} />}
        </DemoContent>
      </Section>
    </>
  );
}

type Confirm = { kind: 'one'; product: Product } | { kind: 'selected'; ids: string[] };

function ProductManager({ initial }: { initial: Product[] }) {
  const [products, setProducts] = useState(initial);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const visible = useMemo(() => sortProducts(filterProducts(products, query), sort), [products, query, sort]);
  const pages = pageCount(visible.length, pageSize);
  const current = Math.min(page, pages);
  const rows = pageOf(visible, current, pageSize);
  const allOnPage = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const someOnPage = rows.some((p) => selected.has(p.id));

  const toggle = (ids: string[], on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const save = (draft: { name: string; description: string; category: string; price: number; quantity: number }) => {
    const target = editing?.product;
    const changes = { ...draft, inventoryStatus: inventoryStatusOf(draft.quantity) };
    if (target) {
      setProducts((list) => list.map((p) => (p.id === target.id ? { ...p, ...changes } : p)));
    } else {
      const code = Math.random().toString(36).slice(2, 11).padEnd(9, '0');
      setProducts((list) => [{ id: crypto.randomUUID(), code, image: '', rating: 0, ...changes }, ...list]);
      setSort(null);
      setPage(1);
    }
    setEditing(null);
    notifications.show({ color: 'teal', title: target ? 'Product updated' : 'Product created', message: draft.name });
  };

  const remove = (ids: string[]) => {
    const gone = new Set(ids);
    setProducts((list) => list.filter((p) => !gone.has(p.id)));
    setSelected((old) => new Set([...old].filter((id) => !gone.has(id))));
    setConfirm(null);
    notifications.show({
      color: 'teal',
      title: ids.length === 1 ? 'Product deleted' : 'Products deleted',
      message: `${ids.length} removed`,
    });
  };

  const exportCsv = () => {
    const csv = toCsv(visible, [
      { header: 'Code', value: (p) => p.code },
      { header: 'Name', value: (p) => p.name },
      { header: 'Category', value: (p) => p.category },
      { header: 'Price', value: (p) => p.price.toFixed(2) },
      { header: 'Quantity', value: (p) => p.quantity },
      { header: 'Status', value: (p) => p.inventoryStatus },
      { header: 'Rating', value: (p) => p.rating },
    ]);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'products.csv' });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const header = (key: SortKey, label: string) => (
    <SortableHeader
      label={label}
      direction={sort?.key === key ? sort.direction : null}
      onSort={() => {
        setSort(nextSort(sort, key));
        setPage(1);
      }}
    />
  );

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ product: null })}>
            New
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selected.size === 0}
            onClick={() => setConfirm({ kind: 'selected', ids: [...selected] })}
          >
            Delete selected{selected.size ? ` (${selected.size})` : ''}
          </Button>
        </Group>
        <Group gap="sm">
          <TextInput
            placeholder="Search products"
            aria-label="Search products"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
            Export CSV
          </Button>
        </Group>
      </Group>

      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" highlightOnHover striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all products on this page"
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={(event) =>
                    toggle(
                      rows.map((p) => p.id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
              {header('code', 'Code')}
              {header('name', 'Name')}
              <Table.Th>Image</Table.Th>
              {header('price', 'Price')}
              {header('category', 'Category')}
              {header('rating', 'Reviews')}
              {header('inventoryStatus', 'Status')}
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((product) => (
              <Table.Tr key={product.id} bg={selected.has(product.id) ? 'var(--mantine-primary-color-light)' : undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${product.name}`}
                    checked={selected.has(product.id)}
                    onChange={(event) => toggle([product.id], event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {product.code}
                  </Text>
                </Table.Td>
                <Table.Td>{product.name}</Table.Td>
                <Table.Td>
                  {product.image ? (
                    <img src={productImageUrl(product)} alt="" className={classes.thumb} />
                  ) : (
                    <ThemeIcon size="3rem" radius="md" variant="light" color="gray" aria-hidden>
                      <IconPhoto size={20} />
                    </ThemeIcon>
                  )}
                </Table.Td>
                <Table.Td>
                  <NumberFormatter value={product.price} prefix="€" decimalScale={2} fixedDecimalScale thousandSeparator="," />
                </Table.Td>
                <Table.Td>{product.category}</Table.Td>
                <Table.Td>
                  <Stars value={product.rating} />
                </Table.Td>
                <Table.Td>
                  <StockBadge status={product.inventoryStatus} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <RowAction label={`Edit ${product.name}`} onClick={() => setEditing({ product })}>
                      <IconPencil size={18} />
                    </RowAction>
                    <RowAction label={`Delete ${product.name}`} color="red" onClick={() => setConfirm({ kind: 'one', product })}>
                      <IconTrash size={18} />
                    </RowAction>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <EmptyRow columns={9}>{products.length ? `No product matches “${query}”.` : 'No products left. Add one with New.'}</EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {visible.length === 0
            ? 'No products'
            : `Showing ${(current - 1) * pageSize + 1} to ${Math.min(current * pageSize, visible.length)} of ${visible.length} products`}
        </Text>
        <Group gap="sm">
          <Select
            aria-label="Rows per page"
            data={PAGE_SIZES}
            value={String(pageSize)}
            onChange={(value) => {
              setPageSize(Number(value ?? 10));
              setPage(1);
            }}
            w={80}
            allowDeselect={false}
          />
          <Pager total={pages} value={current} onChange={setPage} />
        </Group>
      </Group>

      <ProductDialog product={editing?.product ?? null} opened={editing !== null} onClose={() => setEditing(null)} onSave={save} />

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title="Confirm"
        size="sm"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text>
          {confirm?.kind === 'one' ? (
            <>
              Delete <b>{confirm.product.name}</b>?
            </>
          ) : (
            `Delete the ${confirm?.kind === 'selected' ? confirm.ids.length : 0} selected products?`
          )}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirm(null)}>
            No
          </Button>
          <Button color="red" onClick={() => confirm && remove(confirm.kind === 'one' ? [confirm.product.id] : confirm.ids)}>
            Yes, delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}

export { CrudPage as Component };
