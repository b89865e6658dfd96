import { Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  confirmingWith,
  REVERIFY_WINDOW_SECONDS,
  ReverificationCancelled,
  SessionProvider,
  useSession,
  type ReverificationApi,
  type ReverifyMethod,
  type ReverifyStep,
} from '../../session/index.ts';
import { AccountDialog } from './AccountDialog.tsx';
import { OutcomeMessage, type Outcome } from './Outcome.tsx';
import { messageOf, nameOf, useWords } from './useWords.ts';

/** The question open: settled when the customer has confirmed it's them, or has closed it. */
interface Question {
  confirmed: () => void;
  cancelled: () => void;
}

const Asking = createContext(false);

/**
 * Gives the Account page's sections the session API whose sensitive changes
 * ask "Confirm it's you" when the sign-in is over ten minutes old
 * (src/session/reverify.ts), then go on with what the customer had typed. The
 * sections call the API as before; a closed question fails the change with
 * ReverificationCancelled, which they show as nothing.
 */
export function ConfirmingSession({ children }: { children: ReactNode }) {
  const api = useSession();
  const [question, setQuestion] = useState<Question | null>(null);
  const confirming = useMemo(
    () =>
      confirmingWith(
        api,
        () =>
          new Promise<void>((resolve, reject) =>
            setQuestion({
              confirmed: () => {
                setQuestion(null);
                resolve();
              },
              cancelled: () => {
                setQuestion(null);
                reject(new ReverificationCancelled());
              },
            }),
          ),
      ),
    [api],
  );
  return (
    <SessionProvider api={confirming}>
      <Asking value={question !== null}>{children}</Asking>
      {question && <ConfirmItsYou api={api.reverification} question={question} />}
    </SessionProvider>
  );
}

/** Whether "Confirm it's you" is open: a section's own dialog steps aside meanwhile. */
export const useConfirmingIdentity = () => use(Asking);

/**
 * "Confirm it's you": the ways this customer has (the password, a code
 * e-mailed, a passkey; a federated customer's provider), then a code if the
 * sign-in asks one. A failure says what is wrong and may be tried again; Cancel
 * closes it and nothing is changed.
 */
function ConfirmItsYou({ api, question }: { api: ReverificationApi; question: Question }) {
  const { w, tr } = useWords();
  const [methods, setMethods] = useState<ReverifyMethod[] | null>(null);
  const [step, setStep] = useState<Exclude<ReverifyStep, { step: 'done' }> | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fail = useCallback((error: unknown) => setOutcome({ kind: 'error', message: tr(messageOf(error), nameOf(error)) }), [tr]);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    api.methods().then(
      (found) => live && setMethods(found),
      (error: unknown) => {
        if (!live) return;
        setMethods([{ kind: 'password' }]);
        fail(error);
      },
    );
    return () => {
      live = false;
    };
  }, [api, fail]);

  async function go(call: () => Promise<ReverifyStep>) {
    setPending(true);
    setOutcome(null);
    try {
      const next = await call();
      if (next.step === 'done') {
        question.confirmed();
        return;
      }
      setStep(next);
      setCode('');
    } catch (error) {
      // What was typed stays, to be corrected and sent again.
      fail(error);
      field.current?.focus();
    } finally {
      setPending(false);
    }
  }
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void go(() => api.start({ kind: 'password', password }));
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void go(() => api.answer(code.trim()));
  };
  const provider = methods?.find((method) => method.kind === 'provider');
  const others = methods?.filter((method) => method.kind === 'emailCode' || method.kind === 'passkey') ?? [];
  // What every step's buttons share: Cancel, and both held while an answer is on its way.
  const dismiss = { cancel: question.cancelled, cancelLabel: w('cancel'), pending };

  return (
    // Above a section's own confirmation (signing out everywhere, deleting the account), which stays open beneath.
    <AccountDialog title={w('reverifyTitle')} closeLabel={w('close')} onClose={question.cancelled} zIndex={400}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      <Text mb="md">{w('reverifyText', { minutes: REVERIFY_WINDOW_SECONDS / 60 })}</Text>
      {step?.step === 'code' ? (
        <form onSubmit={submitCode}>
          <Stack gap="md">
            <Text size="sm">
              {step.delivery === 'app' ? w('reverifyCodeApp') : w('reverifyCodeSent', { destination: step.destination ?? '' })}
            </Text>
            <TextInput
              ref={field}
              label={w('verificationCode')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              data-autofocus
            />
            <Actions {...dismiss} label={w('reverifyConfirm')} ready={code.trim() !== ''} />
          </Stack>
        </form>
      ) : step?.step === 'passkey' ? (
        <Actions {...dismiss} label={w('reverifyPasskey')} onConfirm={() => void go(api.openPasskey)} />
      ) : provider ? (
        <Stack gap="md">
          <Text size="sm">{w('reverifyProviderText', { provider: provider.provider })}</Text>
          <Actions
            {...dismiss}
            label={w('reverifyProvider', { provider: provider.provider })}
            onConfirm={() => void go(() => api.start(provider))}
          />
        </Stack>
      ) : (
        <Stack gap="md">
          {methods?.some((method) => method.kind === 'password') && (
            <form onSubmit={submitPassword}>
              <Stack gap="md">
                <PasswordInput
                  ref={field}
                  label={w('password')}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  autoComplete="current-password"
                  required
                  data-autofocus
                />
                <Actions {...dismiss} label={w('reverifyConfirm')} ready={password !== ''} />
              </Stack>
            </form>
          )}
          {others.length > 0 && <Divider />}
          {others.map((method) => (
            <Button
              key={method.kind}
              variant="light"
              disabled={pending}
              onClick={() => void go(() => api.start(method.kind === 'passkey' ? { kind: 'passkey' } : { kind: 'emailCode' }))}
            >
              {method.kind === 'passkey' ? w('reverifyPasskey') : w('reverifyEmailCode')}
            </Button>
          ))}
        </Stack>
      )}
    </AccountDialog>
  );
}

interface ActionsProps {
  cancel: () => void;
  cancelLabel: string;
  pending: boolean;
  label: string;
  /** the step's own action; without one, the button submits the form around it */
  onConfirm?: () => void;
  /** whether what the form asks for is there (a submit only) */
  ready?: boolean;
}

/** The dialog's two buttons: Cancel, then the step's own. */
function Actions({ cancel, cancelLabel, pending, label, onConfirm, ready = true }: ActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={cancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} loading={pending} disabled={pending || !ready} onClick={onConfirm}>
        {label}
      </Button>
    </Group>
  );
}
