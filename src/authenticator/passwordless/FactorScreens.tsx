import { validation } from '../../../machines/authenticator/index.ts';
import { useAuth } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { Destination } from '../screens/Destination.tsx';
import { ScreenForm, KEEP_DESTINATION, Sentence, type ScreenAction } from '../screens/ScreenForm.tsx';
import { useWords } from './useWords.ts';

/**
 * "Resend Code" where the machine can send a new code (the e-mailed code asked for as first factor, not e-mail MFA),
 * "Choose another way" when the pool offered a choice, then "Back to Sign In".
 */
function useActions(): ScreenAction[] {
  const w = useWords();
  const hasChoice = useAuth((s) => (s.context.availableChallenges?.length ?? 0) > 0);
  // The machine's own condition, read from the context: the button stays while its request is pending.
  const canResend = useAuth((s) => validation.emailedFirstFactor(s.context));
  return [
    ...(canResend ? [{ label: 'resendCode' as const, event: 'RESEND' as const }] : []),
    ...(hasChoice ? [{ text: w('chooseAnother'), event: 'CHOOSE_FACTOR' as const }] : []),
    { label: 'screen.backToSignIn', event: 'SIGN_IN' },
  ];
}

/** The code sent by e-mail: the first factor EMAIL_OTP, or e-mail MFA after the password. */
export function EmailCodeScreen() {
  const w = useWords();
  const { form, fields, onSubmit } = useAuthForm(['confirmation_code']);
  return (
    <ScreenForm
      title={w('emailHeading')}
      intro={<Sentence text={w('emailText', KEEP_DESTINATION)} parts={{ destination: <Destination /> }} />}
      onSubmit={onSubmit}
      submitLabel="confirm"
      actions={useActions()}
    >
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}

/** The password, picked on the choice screen. */
export function PasswordScreen() {
  const w = useWords();
  const email = useAuth((s) => s.context.username) ?? '';
  const { form, fields, onSubmit } = useAuthForm([{ name: 'password', autoComplete: 'current-password' }]);
  return (
    <ScreenForm
      title={w('passwordHeading')}
      intro={w('passwordText', { email })}
      onSubmit={onSubmit}
      submitLabel="signIn"
      actions={useActions()}
    >
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}
