import { Button, List, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validation } from '../../../machines/authenticator/index.ts';
import { useAuthActor, usePending } from '../AuthProvider.tsx';

interface SignUpValues {
  email: string;
  password: string;
  confirm_password: string;
}

export function SignUpScreen() {
  const actor = useAuthActor();
  const pending = usePending();
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirm_password: '' },
    validate: {
      email: validation.validEmail,
      password: validation.required,
      confirm_password: validation.required,
    },
  });
  const { password, confirm_password: confirmation } = form.values;
  // The policy and the match are checked as the customer types, not only on submit.
  const policyErrors = password ? validation.passwordPolicyErrors(password) : [];
  const mismatch = validation.passwordsMatch(password, confirmation);
  const blocked = pending || policyErrors.length > 0 || mismatch !== null;

  return (
    <form noValidate onSubmit={form.onSubmit((data) => actor.send({ type: 'SUBMIT', data }))}>
      <Stack>
        <TextInput label="Email" type="email" autoComplete="username" required data-autofocus {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
          error={
            form.errors.password ??
            (policyErrors.length > 0 && (
              <List size="xs" spacing={2} aria-live="polite">
                {policyErrors.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            ))
          }
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm_password')}
          error={form.errors.confirm_password ?? mismatch}
        />
        <Button type="submit" fullWidth loading={pending} disabled={blocked}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
