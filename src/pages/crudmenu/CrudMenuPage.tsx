import { Badge, Button, Checkbox, Grid, Group, Modal, NavLink, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation, type Translation } from '../../i18n/index.ts';
import { MENU } from '../../layout/index.ts';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { EmptyRow, FormActions, RowAction } from '../shared/TableParts.tsx';
import { T } from '../shared/Words.tsx';

interface QuickLink {
  id: number;
  label: string;
  target: string;
  external: boolean;
}

/** The first links of the side menu (in the customer's language when the page opened), as a starting point for the quick-links menu. */
const seed = (t: Translation['t']): QuickLink[] =>
  MENU.flatMap((section) => section.items)
    .filter((item) => item.kind !== 'group')
    .slice(0, 6)
    .map((item, id) => ({
      id,
      label: t(item.label, item.values),
      target: item.kind === 'link' ? item.to : item.href,
      external: item.kind === 'external',
    }));

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

export function CrudMenuPage() {
  const { t } = useTranslation('app');
  const [links, setLinks] = useState(() => seed(t));
  const [editing, setEditing] = useState<QuickLink | 'new' | null>(null);

  const save = (values: Omit<QuickLink, 'id'>) => {
    if (editing === 'new') setLinks((list) => [...list, { ...values, id: Math.max(0, ...list.map((l) => l.id)) + 1 }]);
    else if (editing) setLinks((list) => list.map((l) => (l.id === editing.id ? { ...l, ...values } : l)));
    setEditing(null);
  };

  return (
    <>
      <PageHeader
        heading="page.crudMenu.title"
        description={<T k="page.crudMenu.lead" />}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add link
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Section title={<T k="page.crudMenu.entries" />} description={`${links.length} links`}>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Label</Table.Th>
                    <Table.Th>Target</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {links.map((link, index) => (
                    <Table.Tr key={link.id}>
                      <Table.Td>
                        <Group gap="xs">
                          {link.label}
                          {link.external && (
                            <Badge size="xs" variant="light">
                              External
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" c="dimmed">
                          {link.target}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <RowAction
                            label={`Move ${link.label} up`}
                            disabled={index === 0}
                            onClick={() => setLinks((l) => move(l, index, index - 1))}
                          >
                            <IconArrowUp size={18} />
                          </RowAction>
                          <RowAction
                            label={`Move ${link.label} down`}
                            disabled={index === links.length - 1}
                            onClick={() => setLinks((l) => move(l, index, index + 1))}
                          >
                            <IconArrowDown size={18} />
                          </RowAction>
                          <RowAction label={`Edit ${link.label}`} onClick={() => setEditing(link)}>
                            <IconPencil size={18} />
                          </RowAction>
                          <RowAction
                            label={`Remove ${link.label}`}
                            color="red"
                            onClick={() => setLinks((l) => l.filter((x) => x.id !== link.id))}
                          >
                            <IconTrash size={18} />
                          </RowAction>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {links.length === 0 && <EmptyRow columns={3}>The menu is empty. Add a link to start.</EmptyRow>}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section title={<T k="page.crudMenu.preview" />}>
            <Stack gap={2} component="nav" aria-label="Quick links preview">
              {links.map((link) =>
                link.external ? (
                  <NavLink
                    key={link.id}
                    component="a"
                    href={link.target}
                    target="_blank"
                    rel="noopener noreferrer"
                    label={link.label}
                    leftSection={<IconExternalLink size={16} aria-hidden />}
                  />
                ) : (
                  <NavLink
                    key={link.id}
                    component={Link}
                    to={link.target}
                    label={link.label}
                    leftSection={<IconLink size={16} aria-hidden />}
                  />
                ),
              )}
            </Stack>
          </Section>
        </Grid.Col>
      </Grid>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add link' : 'Edit link'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing !== null && (
          <LinkForm
            key={editing === 'new' ? 'new' : editing.id}
            link={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSave={save}
          />
        )}
      </Modal>
    </>
  );
}

function LinkForm({
  link,
  onCancel,
  onSave,
}: {
  link: QuickLink | null;
  onCancel: () => void;
  onSave: (values: Omit<QuickLink, 'id'>) => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { label: link?.label ?? '', target: link?.target ?? '', external: link?.external ?? false },
    validate: {
      label: (value) => (!value.trim() ? 'Label is required' : value.trim().length > 30 ? 'Label must be 30 characters or fewer' : null),
      target: (value, values) =>
        values.external
          ? /^https:\/\/[^\s/]+\.[^\s]+$/.test(value.trim())
            ? null
            : 'An external link must be a full https:// address'
          : /^\/[^\s]*$/.test(value.trim())
            ? null
            : 'A page of this app starts with /, for example /dashboard/pages/crud',
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSave({ ...values, label: values.label.trim(), target: values.target.trim() }))}>
      <Stack>
        <TextInput label="Label" required data-autofocus {...form.getInputProps('label')} />
        <Checkbox label="Opens another site in a new tab" {...form.getInputProps('external', { type: 'checkbox' })} />
        <TextInput label={form.values.external ? 'Address' : 'Path'} required {...form.getInputProps('target')} />
        <FormActions onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export { CrudMenuPage as Component };
