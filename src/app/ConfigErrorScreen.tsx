import { Alert, Center, MantineProvider } from '@mantine/core';
import { Component, Suspense, type ReactNode } from 'react';
import { CONFIGURATION_ERROR_MESSAGE } from '../config/config.ts';
import { LanguageProvider, useTranslation } from '../i18n/index.ts';
import { theme } from './theme.ts';

/**
 * What a customer sees when the app cannot know its pool; the reason is in the
 * console. In the customer's language once its first words have arrived; in
 * the spec's English meanwhile, or where they cannot arrive (offline).
 */
export function ConfigErrorScreen() {
  const english = <Message text={CONFIGURATION_ERROR_MESSAGE} />;
  return (
    <MantineProvider theme={theme}>
      <LanguageProvider>
        <InEnglishOnFailure fallback={english}>
          <Suspense fallback={english}>
            <Translated />
          </Suspense>
        </InEnglishOnFailure>
      </LanguageProvider>
    </MantineProvider>
  );
}

function Translated() {
  const { t } = useTranslation();
  return <Message text={t('client.configurationError')} />;
}

function Message({ text }: { text: string }) {
  return (
    <Center h="100dvh" p="md">
      <Alert color="red" role="alert" maw={520}>
        {text}
      </Alert>
    </Center>
  );
}

/** The customer's words could not be fetched: the message stays in English. */
class InEnglishOnFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
