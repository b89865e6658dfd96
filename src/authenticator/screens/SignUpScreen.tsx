import { useAuthSettings } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { livePasswordCheck, useAuthForm } from '../fields/useAuthForm.ts';
import { FederatedButtons } from './FederatedButtons.tsx';
import { ScreenForm } from './ScreenForm.tsx';

/**
 * A new account: e-mail (the only login), password and its confirmation,
 * then the attributes the app asks for. The policy and the match are checked
 * as the customer types; "Create Account" waits while any rule is broken.
 */
export function SignUpScreen() {
  const { signUpAttributes } = useAuthSettings();
  const { form, fields, onSubmit, hasErrors } = useAuthForm(['email', 'password', 'confirm_password', ...signUpAttributes]);
  const live = livePasswordCheck(form.getValues());
  return (
    <>
      <FederatedButtons />
      <ScreenForm
        onSubmit={onSubmit}
        submitLabel="screen.createAccount"
        blocked={hasErrors || live.policy.length > 0 || live.mismatch !== null}
      >
        <FieldList fields={fields} form={form} livePasswordRules />
      </ScreenForm>
    </>
  );
}
