import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validation } from '../../../machines/authenticator/index.ts';
import { useAuth, useAuthActor, usePending } from '../AuthProvider.tsx';

export function ConfirmSignUpScreen() {
  const actor = useAuthActor();
  const pending = usePending();
  const delivery = useAuth((s) => s.context.codeDeliveryDetails);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { confirmation_code: '' },
    validate: { confirmation_code: validation.required },
  });
  const where = delivery?.destination ?? 'your e-mail';

  return (
    <form noValidate onSubmit={form.onSubmit((data) => actor.send({ type: 'SUBMIT', data }))}>
      <Stack>
        <Text size="sm">
          We sent a code to <strong>{where}</strong>. Enter it below to confirm the account; it can take a minute to
          arrive.
        </Text>
        <TextInput
          label="Confirmation Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          data-autofocus
          key={form.key('confirmation_code')}
          {...form.getInputProps('confirmation_code')}
        />
        <Button type="submit" fullWidth loading={pending} disabled={pending}>
          Confirm
        </Button>
        <Button variant="subtle" disabled={pending} onClick={() => actor.send({ type: 'SIGN_IN' })}>
          Back to Sign In
        </Button>
      </Stack>
    </form>
  );
}
