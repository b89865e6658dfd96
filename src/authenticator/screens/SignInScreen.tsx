import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validation } from '../../../machines/authenticator/index.ts';
import { useAuth, useAuthActor, usePending } from '../AuthProvider.tsx';

export function SignInScreen() {
  const actor = useAuthActor();
  const pending = usePending();
  const knownEmail = useAuth((s) => s.context.username);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: knownEmail ?? '', password: '' },
    validate: { email: validation.validEmail, password: validation.required },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((data) => actor.send({ type: 'SUBMIT', data }))}>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={pending} disabled={pending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
