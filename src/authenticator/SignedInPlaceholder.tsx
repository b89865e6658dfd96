import { Button, Stack, Text, Title } from '@mantine/core';
import { useAuth, useAuthActor } from './AuthProvider.tsx';

/**
 * Where an app's signed-in content would be, for the places that show the widget on its own: the
 * harness page and the designers' studio. It names who signed in and offers to sign out, so a journey
 * can go round again.
 */
export function SignedInPlaceholder() {
  const actor = useAuthActor();
  const user = useAuth((s) => s.context.user);
  return (
    <main>
      <Stack p="xl" align="flex-start">
        <Title order={1}>Signed in</Title>
        <Text>The dashboard would show here for {user?.email ?? user?.username}.</Text>
        <Button onClick={() => actor.send({ type: 'SIGN_OUT' })}>Sign out</Button>
      </Stack>
    </main>
  );
}
