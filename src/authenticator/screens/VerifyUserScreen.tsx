import { validation, type ContactAttribute } from '../../../machines/authenticator/index.ts';
import { useAuth } from '../AuthProvider.tsx';
import { ChoiceField } from '../fields/ChoiceField.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { ScreenForm } from './ScreenForm.tsx';

const CONTACT_LABELS: Record<ContactAttribute, MessageKey> = { email: 'screen.verifyEmail', phone_number: 'screen.verifyPhone' };

/** Signed in with an unverified e-mail or phone: pick one to get a code (the first is picked already), or skip. */
export function VerifyUserScreen() {
  const { t, tr } = useTranslation();
  const unverified = useAuth((s) => s.context.unverifiedAttributes) ?? {};
  const contacts = (Object.keys(CONTACT_LABELS) as ContactAttribute[]).filter((name) => unverified[name] !== undefined);
  const { form, onSubmit } = useAuthForm([], {
    choices: { unverified_attribute: { initial: contacts[0] ?? '', rule: validation.required } },
  });
  const error = form.errors.unverified_attribute;
  return (
    <ScreenForm
      heading="screen.verifyUserHeading"
      intro={t('screen.verifyUserText')}
      onSubmit={onSubmit}
      submitLabel="verify"
      actions={[{ label: 'screen.skip', event: 'SKIP' }]}
    >
      <ChoiceField
        label={t('screen.verifyUserLabel')}
        options={contacts.map((name) => ({ value: name, label: t(CONTACT_LABELS[name], { value: unverified[name] ?? '' }) }))}
        value={form.getValues().unverified_attribute ?? ''}
        error={typeof error === 'string' ? tr(error) : undefined}
        onChange={(value) => form.setFieldValue('unverified_attribute', value)}
      />
    </ScreenForm>
  );
}
