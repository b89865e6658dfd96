import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation, type MessageKey, type Values } from '../i18n/index.ts';

export interface LoadFailureProps {
  title: MessageKey;
  text: MessageKey;
  /** the values of the text's placeholders */
  values?: Values;
  /** the whole page (a landmark of its own), or the place of one page inside the shell */
  fullPage?: boolean;
}

/**
 * The finished page for a part of the app that could not be loaded: the
 * reason in the customer's terms and a Reload button, which fetches the
 * current version of everything. Its words are the first part's (`app.*`),
 * there before the router that failed to arrive.
 */
export function LoadFailure({ title, text, values, fullPage = false }: LoadFailureProps) {
  const { t } = useTranslation();
  const content = (
    <Paper withBorder radius="md" p="xl" maw={520} w="100%">
      <Stack gap="md" align="flex-start">
        <Title order={fullPage ? 1 : 2} size="h3">
          {t(title)}
        </Title>
        <Text>{t(text, values)}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Paper>
  );
  if (!fullPage) return <Center py="xl">{content}</Center>;
  return (
    <Center component="main" mih="100dvh" p="md">
      {content}
    </Center>
  );
}

/** The likeliest reason a chunk does not arrive, in the customer's terms. */
export const CHUNK_FAILURE = {
  title: 'app.chunkFailureTitle',
  text: 'app.chunkFailureText',
} as const satisfies Pick<LoadFailureProps, 'title' | 'text'>;
