import { Alert, Anchor, Container, Paper, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth, useAuthActor, useRoute } from './AuthProvider.tsx';
import classes from './AuthCard.module.css';

const TAB_ROUTES = ['signIn', 'signUp'] as const;
type TabRoute = (typeof TAB_ROUTES)[number];
const isTabRoute = (route: string): route is TabRoute => (TAB_ROUTES as readonly string[]).includes(route);

/** The frame every sign-in screen sits in: heading, tabs where they apply, and the machine's error. */
export function AuthCard({ children, mailboxUrl }: { children: ReactNode; mailboxUrl?: string }) {
  const actor = useAuthActor();
  const route = useRoute();
  const error = useAuth((s) => s.context.error);

  const alert = error && (
    <Alert
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss error"
      onClose={() => actor.send({ type: 'CLEAR_ERROR' })}
      mb="md"
    >
      {error.message}
    </Alert>
  );

  return (
    <Container size={440} className={classes.page}>
      <Title order={1} ta="center" className={classes.heading}>
        Acceso para clientes
      </Title>
      <Paper withBorder shadow="sm" radius="md" className={classes.card}>
        {isTabRoute(route) ? (
          <Tabs
            value={route}
            onChange={(value) => actor.send({ type: value === 'signUp' ? 'SIGN_UP' : 'SIGN_IN' })}
            classNames={{ list: classes.tabs }}
          >
            <Tabs.List grow>
              <Tabs.Tab value="signIn">Sign In</Tabs.Tab>
              <Tabs.Tab value="signUp">Create Account</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value={route} className={classes.body}>
              {alert}
              {children}
            </Tabs.Panel>
          </Tabs>
        ) : (
          <div className={classes.body}>
            {alert}
            {children}
          </div>
        )}
      </Paper>
      {mailboxUrl && (
        <Text size="sm" c="dimmed" ta="center" mt="md">
          Codes from the local test pool arrive in its{' '}
          <Anchor href={mailboxUrl} target="_blank" rel="noreferrer">
            mailbox
          </Anchor>
          .
        </Text>
      )}
    </Container>
  );
}
