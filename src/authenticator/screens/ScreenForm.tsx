import { Button, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { AuthEvent } from '../../../machines/authenticator/index.ts';
import { useAuthActor, usePending } from '../AuthProvider.tsx';
import type { UiKey } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import classes from './screens.module.css';

/** A button under the form that sends the machine an event ("Resend Code", "Back to Sign In", "Skip"). */
export interface ScreenAction {
  /** a word of the dictionaries, or `text` already translated (screens that bring their own words) */
  label?: UiKey;
  text?: string;
  event: Extract<AuthEvent['type'], 'SIGN_IN' | 'RESEND' | 'SKIP' | 'FORGOT_PASSWORD' | 'CHOOSE_FACTOR'>;
}

export interface ScreenFormProps {
  heading?: UiKey;
  /** the heading already translated, for screens that bring their own words */
  title?: string;
  intro?: ReactNode;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: UiKey;
  /** the form breaks a rule the customer can see: no point sending it */
  blocked?: boolean;
  actions?: readonly ScreenAction[];
  children: ReactNode;
}

/**
 * The shape every screen shares: a heading and a sentence, the fields, the
 * submit button (Enter in any field presses it), then the other actions.
 * While a request is pending every button waits.
 */
export function ScreenForm({ heading, title, intro, onSubmit, submitLabel, blocked = false, actions = [], children }: ScreenFormProps) {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {(heading || title) && (
          <Title order={2} size="h4">
            {heading ? t(heading) : title}
          </Title>
        )}
        {intro && <Text size="sm">{intro}</Text>}
        {children}
        <Button type="submit" fullWidth loading={pending} disabled={pending || blocked}>
          {t(submitLabel)}
        </Button>
        {actions.map((action) => (
          <Button
            key={action.event}
            variant="subtle"
            className={classes.action}
            fullWidth
            disabled={pending}
            onClick={() => actor.send({ type: action.event })}
          >
            {action.label ? t(action.label) : action.text}
          </Button>
        ))}
      </Stack>
    </form>
  );
}

/** A translated sentence with parts filled in by elements, e.g. the destination in bold. */
export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return text.split(/\{(\w+)\}/).map((piece, index) => (index % 2 === 1 ? <span key={index}>{parts[piece] ?? `{${piece}}`}</span> : piece));
}
