import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';

export interface LoadFailureProps {
  title: string;
  text: string;
  /** the whole page (a landmark of its own), or the place of one page inside the shell */
  fullPage?: boolean;
}

/**
 * The finished page for a part of the app that could not be loaded: the
 * reason in the customer's terms and a Reload button, which fetches the
 * current version of everything.
 */
export function LoadFailure({ title, text, fullPage = false }: LoadFailureProps) {
  const content = (
    <Paper withBorder radius="md" p="xl" maw={520} w="100%">
      <Stack gap="md" align="flex-start">
        <Title order={fullPage ? 1 : 2} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
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
  title: 'This page could not be loaded',
  text: 'The app may have been updated since you opened it, or the connection dropped. Reload to get the current version.',
} as const;
