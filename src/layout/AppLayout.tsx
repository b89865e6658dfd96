import { AppShell, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHome, IconUserCircle } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import classes from './AppLayout.module.css';

export interface AppLayoutProps {
  /** who is signed in, shown in the top bar */
  userLabel?: string;
  /** the top bar's Profile action */
  onProfile(): void;
}

/** The dashboard shell: top bar, side menu, content and footer. */
export function AppLayout({ userLabel, onProfile }: AppLayoutProps) {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      footer={{ height: 44 }}
      padding="lg"
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileOpened} onClick={toggleMobile} hiddenFrom="md" size="sm" aria-label="Toggle menu" />
            <Burger opened={desktopOpened} onClick={toggleDesktop} visibleFrom="md" size="sm" aria-label="Toggle menu" />
            <Title order={2} size="h4" className={classes.brand}>
              Customer area
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {userLabel && (
              <Text size="sm" c="dimmed" visibleFrom="sm" truncate="end" maw={240}>
                {userLabel}
              </Text>
            )}
            <Button variant="subtle" leftSection={<IconUserCircle size={20} aria-hidden />} onClick={onProfile} title="Sign out">
              Profile
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main menu">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
          Home
        </Text>
        <NavLink
          component={Link}
          to="/dashboard"
          label="Dashboard"
          leftSection={<IconHome size={18} aria-hidden />}
          active={pathname === '/dashboard'}
          onClick={closeMobile}
        />
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer className={classes.footer}>
        <Text size="sm" c="dimmed">
          Customer area · built on Mantine
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
