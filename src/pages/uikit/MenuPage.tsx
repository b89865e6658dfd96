import { Anchor, Breadcrumbs, Button, Menu, Menubar, NavLink, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconDownload,
  IconFileText,
  IconFolder,
  IconHome,
  IconLogout,
  IconPrinter,
  IconSettings,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Pager } from '../shared/Pager.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

const MENUBAR = [
  { label: 'File', items: ['New order', 'Open draft', 'Print'] },
  { label: 'Edit', items: ['Undo', 'Redo', 'Copy'] },
  { label: 'View', items: ['Orders', 'Invoices', 'Returns'] },
  { label: 'Help', items: ['Guides', 'Contact us'] },
];

export function MenuPage() {
  const [last, setLast] = useState<string | null>(null);
  const [page, setPage] = useState(3);
  const [tab, setTab] = useState<string | null>('orders');
  const run = (command: string) => () => setLast(command);

  return (
    <>
      <PageHeader heading="page.menu.title" description={<T k="page.menu.lead" />} />
      <Text size="sm" c="dimmed" mb="md" role="status">
        {last ? `Last command: ${last}` : 'Pick any command below; it shows here.'}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.menu.breadcrumbs" />}>
            <Breadcrumbs separatorMargin="xs">
              <Anchor component={Link} to="/dashboard" aria-label="Dashboard">
                <IconHome size={16} />
              </Anchor>
              <Anchor component={Link} to="/dashboard/uikit/formlayout">
                UI Components
              </Anchor>
              <Text size="sm" aria-current="page">
                Menu
              </Text>
            </Breadcrumbs>
          </Section>
          <Section title={<T k="page.menu.menuBar" />} description="Arrow keys move between menus">
            <Menubar>
              {MENUBAR.map((menu) => (
                <Menubar.Menu key={menu.label}>
                  <Menubar.Target>{menu.label}</Menubar.Target>
                  <Menubar.Dropdown>
                    {menu.items.map((item) => (
                      <Menu.Item key={item} onClick={run(`${menu.label} › ${item}`)}>
                        {item}
                      </Menu.Item>
                    ))}
                  </Menubar.Dropdown>
                </Menubar.Menu>
              ))}
            </Menubar>
          </Section>
          <Section title={<T k="page.menu.dropDownMenu" />}>
            <Menu shadow="md" width={220} position="bottom-start">
              <Menu.Target>
                <Button rightSection={<IconChevronDown size={14} />}>Account</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Account</Menu.Label>
                <Menu.Item leftSection={<IconUser size={14} />} onClick={run('Profile')}>
                  Profile
                </Menu.Item>
                <Menu.Item leftSection={<IconSettings size={14} />} onClick={run('Preferences')}>
                  Preferences
                </Menu.Item>
                <Menu.Divider />
                <Menu.Label>Documents</Menu.Label>
                <Menu.Item leftSection={<IconDownload size={14} />} onClick={run('Download statement')}>
                  Download statement
                </Menu.Item>
                <Menu.Item leftSection={<IconPrinter size={14} />} onClick={run('Print statement')}>
                  Print statement
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconLogout size={14} />} onClick={run('Sign out (demo)')}>
                  Sign out (demo)
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.menu.tieredMenu" />}>
            <NavLink label="Documents" leftSection={<IconFolder size={16} />} defaultOpened childrenOffset={24}>
              <NavLink label="Invoices" leftSection={<IconFolder size={16} />} childrenOffset={24}>
                <NavLink label="2025" leftSection={<IconFileText size={16} />} onClick={run('Invoices 2025')} />
                <NavLink label="2024" leftSection={<IconFileText size={16} />} onClick={run('Invoices 2024')} />
              </NavLink>
              <NavLink label="Contracts" leftSection={<IconFileText size={16} />} onClick={run('Contracts')} />
            </NavLink>
            <NavLink label="Copy link" leftSection={<IconCopy size={16} />} onClick={run('Copy link')} />
            <NavLink label="Delete" leftSection={<IconTrash size={16} />} color="red" onClick={run('Delete')} />
          </Section>
          <Section title={<T k="page.menu.tabs" />}>
            <Tabs value={tab} onChange={setTab}>
              <Tabs.List>
                <Tabs.Tab value="orders">Orders</Tabs.Tab>
                <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
                <Tabs.Tab value="returns">Returns</Tabs.Tab>
              </Tabs.List>
              {['orders', 'invoices', 'returns'].map((value) => (
                <Tabs.Panel key={value} value={value} pt="sm">
                  <Text size="sm">Your {value} appear here.</Text>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Section>
          <Section title={<T k="page.menu.pagination" />}>
            <Pager total={12} value={page} onChange={setPage} siblings={1} />
            <Text size="sm" c="dimmed" mt="xs">
              Page {page} of 12
            </Text>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { MenuPage as Component };
