import { useAuth, useAuthActor } from '../AuthProvider.tsx';
import { ScreenForm, type ScreenAction } from '../screens/ScreenForm.tsx';
import { useWords } from './useWords.ts';

/**
 * The passkey prompt. The browser's own dialog does the asking: the machine
 * opens it the moment the pool asks for a passkey (the click that led here
 * counts as the customer's gesture), so this screen draws behind the open
 * prompt; its button opens it again after an error, or first of all where the
 * machine was told not to (the studio's pictures).
 */
export function PasskeyScreen() {
  const w = useWords();
  const actor = useAuthActor();
  const email = useAuth((s) => s.context.username) ?? '';
  const hasChoice = useAuth((s) => (s.context.availableChallenges?.length ?? 0) > 0);
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
