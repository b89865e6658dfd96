import { useEffect } from 'react';
import { useAuth, useAuthActor, useAuthSettings } from '../AuthProvider.tsx';
import { ScreenForm, type ScreenAction } from '../screens/ScreenForm.tsx';
import { useWords } from './useWords.ts';

/**
 * The passkey prompt. The browser's own dialog does the asking: the screen
 * opens it as it appears (the click that led here counts as the customer's
 * gesture) and offers its button again after an error, when it does not reopen by itself.
 */
export function PasskeyScreen() {
  const w = useWords();
  const actor = useAuthActor();
  const email = useAuth((s) => s.context.username) ?? '';
  const hasChoice = useAuth((s) => (s.context.availableChallenges?.length ?? 0) > 0);
  const { openPasskeyPrompt } = useAuthSettings();
  const idleWithoutError = useAuth((s) => s.matches({ passkey: 'idle' }) && !s.context.error);
  useEffect(() => {
    // Once, as the screen appears: a failed attempt leaves the choice to the customer.
    if (openPasskeyPrompt && idleWithoutError) actor.send({ type: 'SUBMIT', data: {} });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first render opens the prompt by itself
  }, []);
  const actions: ScreenAction[] = [
    ...(hasChoice ? [{ text: w('chooseAnother'), event: 'CHOOSE_FACTOR' as const }] : []),
    { label: 'screen.backToSignIn', event: 'SIGN_IN' },
  ];
  return (
    <ScreenForm
      title={w('passkeyHeading')}
      intro={w('passkeyText', { email })}
      onSubmit={(event) => {
        event?.preventDefault();
        actor.send({ type: 'SUBMIT', data: {} });
      }}
      submitLabel="signIn"
      actions={actions}
    >
      {null}
    </ScreenForm>
  );
}
