import { useAuth } from '../AuthProvider.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { FIELDS, type FieldSpec } from '../fields/definitions.ts';
import { FieldList } from '../fields/FieldList.tsx';
import { livePasswordCheck, useAuthForm } from '../fields/useAuthForm.ts';
import { ScreenForm } from './ScreenForm.tsx';

const NEW_PASSWORD: FieldSpec[] = [{ name: 'password', label: 'newPassword' }, 'confirm_password'];

/**
 * An account an administrator created: the customer replaces the temporary
 * password, and fills in any attribute the pool requires that is still empty.
 * Only attributes with a field definition (spec §3) can be asked for; the
 * pool's answer names any other one in the error.
 */
export function ForceNewPasswordScreen() {
  const { t } = useTranslation();
  const missing = useAuth((s) => s.context.missingAttributes) ?? [];
  const attributes = missing.filter((name): name is keyof typeof FIELDS => Object.hasOwn(FIELDS, name));
  const { form, fields, onSubmit, hasErrors } = useAuthForm([...NEW_PASSWORD, ...attributes]);
  const live = livePasswordCheck(form.getValues());
  return (
    <ScreenForm
      heading="screen.forceNewPasswordHeading"
      intro={t('screen.forceNewPasswordText')}
      onSubmit={onSubmit}
      submitLabel="changePassword"
      blocked={hasErrors || live.policy.length > 0 || live.mismatch !== null}
      actions={[{ label: 'screen.backToSignIn', event: 'SIGN_IN' }]}
    >
      <FieldList fields={fields} form={form} livePasswordRules />
    </ScreenForm>
  );
}
