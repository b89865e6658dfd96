import { Alert, Anchor, Container, Group, Paper, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useAuth, useAuthActor, useAuthSettings, useCardNotice, usePending, useRoute } from './AuthProvider.tsx';
import { NOTICE_WORDS } from './cardNotice.ts';
import classes from './AuthCard.module.css';
import { AlertIdContext } from './fields/alertLink.ts';
import { focusFirstField, focusIsLost, focusIsOnAField } from './focus.ts';
import { useTranslation } from '../i18n/index.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { Sentence } from './screens/ScreenForm.tsx';

const TAB_ROUTES = ['signIn', 'signUp'] as const;

/** Spec §8's words for a provider's page left without signing in: kept in the error object and the console. */
const OAUTH_CANCELLED = 'User cancelled OAuth flow.';
type TabRoute = (typeof TAB_ROUTES)[number];
const isTabRoute = (route: string): route is TabRoute => (TAB_ROUTES as readonly string[]).includes(route);

export interface AuthCardProps {
  children: ReactNode;
  /** changes whenever another screen shows: focus then moves to its first field */
  screenKey: string;
}

/**
 * The frame every sign-in screen sits in: the language menu, the heading,
 * the tabs where they apply, the machine's error, and in development the
 * test pool's mailbox.
 */
export function AuthCard({ children, screenKey }: AuthCardProps) {
  const actor = useAuthActor();
  const route = useRoute();
  const pending = usePending();
  const hideSignUp = useAuth((s) => s.context.hideSignUp);
  const error = useAuth((s) => s.context.error);
  const settings = useAuthSettings();
  const { t, tr, language } = useTranslation();
  const alertId = useId();
  // Leaving the provider's page is the customer's choice, not a failure: said neutrally, as a status.
  const cancelled = error?.name === 'OAuthSignInException' && error.message === OAUTH_CANCELLED;
  const alertLink = useMemo(() => ({ id: alertId, shown: error !== undefined && !cancelled }), [alertId, error, cancelled]);
  useEffect(() => {
    if (cancelled) console.info(`Federated sign-in: ${OAUTH_CANCELLED}`);
  }, [cancelled]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const mailbox = settings.mailboxUrl;
  const { notice, clear: clearNotice } = useCardNotice();

  // A notice is about the way back to sign-in: another screen, or a sign-in under way, ends it.
  useEffect(() => {
    if (route !== 'signIn' || pending) clearNotice();
  }, [route, pending, clearNotice]);

  useEffect(() => {
    // The live card's first screen mounts as the prerendered card hands over: a customer already typing in a
    // field of it (the password, say) stays there, and their next keys do not land in the e-mail field.
    if (focusIsOnAField(bodyRef.current)) return;
    focusFirstField(bodyRef.current);
  }, [screenKey]);

  // A pressed button is disabled while its request runs, which drops the keyboard focus on the page itself;
  // once the answer is in (an error, a new code), the customer carries on from the first field, not from the top.
  // The browser drops it only at its next rendering update, which a quick answer can beat: the button, enabled
  // again, still holds it then, so the button disabled with the focus on it is noted too.
  const wasPending = useRef(false);
  const disabledWithFocus = useRef<Element | null>(null);
  useEffect(() => {
    if (pending) {
      const active = document.activeElement;
      disabledWithFocus.current = active instanceof HTMLElement && active.matches(':disabled') ? active : null;
    } else if (wasPending.current && (focusIsLost() || document.activeElement === disabledWithFocus.current)) {
      focusFirstField(bodyRef.current);
    }
    wasPending.current = pending;
  }, [pending]);

  const alert = error && !cancelled && (
    <Alert
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel={t('dismissError')}
      onClose={() => actor.send({ type: 'CLEAR_ERROR' })}
      mb="md"
    >
      {/* The fields point at the message alone, not at the close button beside it. */}
      <span id={alertId}>{tr(error.message)}</span>
    </Alert>
  );
  const status = cancelled ? (
    <Alert
      color="gray"
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel={t('dismissError')}
      onClose={() => actor.send({ type: 'CLEAR_ERROR' })}
      mb="md"
    >
      {t('providerCancelled')}
    </Alert>
  ) : (
    !error &&
    notice && (
      <Alert color="blue" variant="light" role="status" mb="md">
        {t(NOTICE_WORDS[notice])}
      </Alert>
    )
  );
  const body = (
    <div ref={bodyRef} className={classes.body}>
      {alert}
      {status}
      {children}
    </div>
  );

  return (
    <main className={classes.page} lang={language}>
      <Container size={460} px="md" className={classes.column}>
        <Group justify="flex-end" className={classes.toolbar}>
          <LanguageMenu disabled={pending} />
        </Group>
        {/* The product's name for this page is Spanish in every language. */}
        <Title order={1} ta="center" className={classes.heading} lang="es">
          Acceso para clientes
        </Title>
        <Paper withBorder shadow="sm" radius="md" className={classes.card}>
          <AlertIdContext value={alertLink}>
            {isTabRoute(route) && !hideSignUp ? (
              // Not kept mounted (Mantine's default keeps a hidden panel in an <Activity>, which React updates only when
              // it has time to spare): the form of the tab left leaves the page with the press.
              <Tabs
                value={route}
                keepMounted={false}
                onChange={(value) => actor.send({ type: value === 'signUp' ? 'SIGN_UP' : 'SIGN_IN' })}
              >
                <Tabs.List grow className={classes.tabs}>
                  <Tabs.Tab value="signIn" disabled={pending}>
                    {t('tabSignIn')}
                  </Tabs.Tab>
                  <Tabs.Tab value="signUp" disabled={pending}>
                    {t('tabSignUp')}
                  </Tabs.Tab>
                </Tabs.List>
                {TAB_ROUTES.map((tab) => (
                  <Tabs.Panel key={tab} value={tab}>
                    {tab === route && body}
                  </Tabs.Panel>
                ))}
              </Tabs>
            ) : (
              body
            )}
          </AlertIdContext>
        </Paper>
        {mailbox && (
          <Text size="sm" ta="center" mt="md">
            <Sentence
              text={t('mailbox', { link: '{link}' })}
              parts={{
                link: (
                  <Anchor href={mailbox} target="_blank" rel="noreferrer">
                    {t('mailboxLink')}
                  </Anchor>
                ),
              }}
            />
          </Text>
        )}
      </Container>
    </main>
  );
}
