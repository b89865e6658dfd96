import { Button, Container, Group, Paper, PasswordInput, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { localeName, useTranslation, type MessageKey } from '../i18n/index.ts';
import { MARKERS } from './markers.ts';

/**
 * The sign-in card as the app first draws it (AuthCard around SignInScreen),
 * rendered to HTML at build time so the form paints before any JavaScript
 * runs. Built from Mantine's components and the widget's own words, with the
 * same structure, sizes and classes' values (signInCard.css mirrors
 * AuthCard.module.css and the screens' action links), so the live card that
 * replaces it lands on the same pixels; e2e/production-prerender.spec.ts
 * compares the two.
 *
 * It is inert on purpose: no <form> (a native submit would put the password
 * in a URL before the app could stop it) and buttons that do nothing. When
 * the app takes over (handover.ts) it copies what was typed into the live
 * form and presses the live control the customer last pressed here.
 */
export function SignInCardMarkup() {
  const { t, language } = useTranslation();
  // Each text that is a message carries its key, so the start-up script can put the visitor's language there
  // before the first paint (startup/sign-in-card.js, the words the build writes beside it).
  const text = (key: MessageKey) => ({ [MARKERS.text]: key });
  return (
    <main className="prerendered-page" lang={language}>
      <Container size={460} px="md" className="prerendered-column">
        <Group justify="flex-end" className="prerendered-toolbar">
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconLanguage size={16} aria-hidden />}
            aria-label={`${t('language')}: ${localeName(language)}`}
            {...{ [MARKERS.label]: 'language' }}
          >
            <span {...{ [MARKERS.languageName]: true }}>{localeName(language)}</span>
          </Button>
        </Group>
        <Title order={1} ta="center" className="prerendered-heading" lang="es">
          Acceso para clientes
        </Title>
        <Paper withBorder shadow="sm" radius="md" className="prerendered-card">
          <Tabs value="signIn">
            <Tabs.List grow className="prerendered-tabs">
              <Tabs.Tab value="signIn">
                <span {...text('tabSignIn')}>{t('tabSignIn')}</span>
              </Tabs.Tab>
              <Tabs.Tab value="signUp">
                <span {...text('tabSignUp')}>{t('tabSignUp')}</span>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="signIn">
              <div className="prerendered-body">
                <Stack gap="md">
                  <Stack gap="md">
                    <TextInput
                      label={t('email')}
                      labelProps={text('email')}
                      name="email"
                      type="email"
                      inputMode="email"
                      dir="ltr"
                      autoComplete="username webauthn"
                      required
                      {...{ [MARKERS.autofocus]: true }}
                    />
                    <PasswordInput
                      id="sign-in-card-password"
                      label={t('password')}
                      labelProps={text('password')}
                      name="password"
                      autoComplete="current-password"
                      required
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      visibilityToggleFocusable
                      visibilityToggleButtonProps={{
                        'aria-label': t('showPassword'),
                        'aria-controls': 'sign-in-card-password',
                        [MARKERS.label]: 'showPassword',
                      }}
                    />
                    <Button type="button" fullWidth {...{ [MARKERS.submit]: true }}>
                      <span {...text('signIn')}>{t('signIn')}</span>
                    </Button>
                  </Stack>
                  <Button type="button" variant="subtle" className="prerendered-action" size="sm" fullWidth>
                    <span {...text('forgotPassword')}>{t('forgotPassword')}</span>
                  </Button>
                </Stack>
              </div>
            </Tabs.Panel>
            <Tabs.Panel value="signUp">{null}</Tabs.Panel>
          </Tabs>
        </Paper>
      </Container>
    </main>
  );
}
