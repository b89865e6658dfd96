import { Button, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import type { AuthEvent } from '../../../machines/authenticator/index.ts';
import { useAuthActor, usePending } from '../AuthProvider.tsx';
import { focusFirstField, focusIsLost } from '../focus.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Destination } from './Destination.tsx';
import classes from './screens.module.css';
import { useResend } from './useResend.ts';

/** A button under the form that sends the machine an event ("Resend Code", "Back to Sign In", "Skip"). */
export interface ScreenAction {
  /** a word of the dictionaries, or `text` already translated (screens that bring their own words) */
  label?: MessageKey;
  text?: string;
  event: Extract<AuthEvent['type'], 'SIGN_IN' | 'RESEND' | 'SKIP' | 'FORGOT_PASSWORD' | 'CHOOSE_FACTOR'>;
}

export interface ScreenFormProps {
  heading?: MessageKey;
  /** the heading already translated, for screens that bring their own words */
  title?: string;
  intro?: ReactNode;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: MessageKey;
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
  const resend = useResend();
  const form = useRef<HTMLFormElement>(null);
  // A code sent again: the keyboard goes to the field it is for, off "Resend Code", now disabled for its cool-down.
  useEffect(() => {
    if (resend.sent && (focusIsLost() || document.activeElement?.matches(':disabled'))) focusFirstField(form.current);
  }, [resend.sent]);
  return (
    <form ref={form} noValidate onSubmit={onSubmit}>
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
        {actions.map((action) => {
          const label = action.label ? t(action.label) : action.text;
          const cooling = action.event === 'RESEND' && resend.secondsLeft > 0;
          return (
            <Button
              key={action.event}
              variant="subtle"
              className={classes.action}
              fullWidth
              disabled={pending || cooling}
              onClick={() => (action.event === 'RESEND' ? resend.send() : actor.send({ type: action.event }))}
            >
              {cooling ? t('resendCodeIn', { label: label ?? '', seconds: resend.secondsLeft }) : label}
            </Button>
          );
        })}
      </Stack>
      {/* Always in the page (empty, it takes no room), so screen readers hear the sentence when it appears. */}
      {actions.some((action) => action.event === 'RESEND') && (
        <Text size="sm" role="status" mt={resend.sent ? 'md' : 0}>
          {resend.sent && <Sentence text={t('codeResent', KEEP_DESTINATION)} parts={{ destination: <Destination /> }} />}
        </Text>
      )}
    </form>
  );
}

/** A translated sentence with parts filled in by elements, e.g. the destination in bold. */
/** The values that keep `{destination}` in a message as it is, for Sentence to put the masked address there. */
export const KEEP_DESTINATION = { destination: '{destination}' } as const;

export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return text.split(/\{(\w+)\}/).map((piece, index) => (index % 2 === 1 ? <span key={index}>{parts[piece] ?? `{${piece}}`}</span> : piece));
}
