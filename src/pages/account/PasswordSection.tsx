import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { passwordRules, useSession } from '../../session/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, useAction } from './Outcome.tsx';
import { useWords } from './useWords.ts';

/** Change Password (ChangePassword): current, new and confirm, with spec §5's rules as the customer types. */
export function PasswordSection() {
  const api = useSession();
  const { w, tr } = useWords();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { pending, outcome, setOutcome, run } = useAction();

  const broken = next === '' ? [] : passwordRules.errors(next);
  const mismatch = passwordRules.mismatch(next, confirm);
  const required = (value: string) => (submitted && value === '' ? tr(passwordRules.required) : undefined);
  const invalid = current === '' || next === '' || confirm === '' || broken.length > 0 || mismatch !== null || next !== confirm;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    // On a failure what was typed stays, so the customer corrects one field rather than three.
    await run(async () => {
      await api.changePassword(current, next).catch((error: unknown) => {
        // The pool's "Incorrect username or password." is about the current password here.
        if (error instanceof Error && error.name === 'NotAuthorizedException' && error.message === 'Incorrect username or password.') {
          throw new Error(w('wrongCurrentPassword'), { cause: error });
        }
        throw error;
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      setSubmitted(false);
      return w('passwordChanged');
    });
  }

  return (
    <Section title={w('password')} description={w('passwordLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={w('currentPassword')}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={required(current)}
            required
          />
          <PasswordInput
            label={w('newPassword')}
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
            // Every rule still broken, linked to the field as its description (spec §5's messages).
            error={
              required(next) ??
              (broken.length > 0 ? (
                <Stack gap={2} component="span">
                  {broken.map((rule) => (
                    <span key={rule}>{tr(rule)}</span>
                  ))}
                </Stack>
              ) : undefined)
            }
            required
          />
          <PasswordInput
            label={w('confirmPassword')}
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            error={required(confirm) ?? (mismatch ? tr(mismatch) : undefined)}
            required
          />
          <Button type="submit" loading={pending} disabled={pending} w="fit-content">
            {w('changePassword')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
