import { Alert, Center, MantineProvider } from '@mantine/core';
import { CONFIGURATION_ERROR_MESSAGE } from '../config/config.ts';
import { theme } from './theme.ts';

/** What a customer sees when the app cannot know its pool; the reason is in the console. */
export function ConfigErrorScreen() {
  return (
    <MantineProvider theme={theme}>
      <Center h="100dvh" p="md">
        <Alert color="red" role="alert" maw={520}>
          {CONFIGURATION_ERROR_MESSAGE}
        </Alert>
      </Center>
    </MantineProvider>
  );
}
