import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Destination } from './Destination.tsx';
import { ScreenForm, KEEP_DESTINATION, Sentence } from './ScreenForm.tsx';

/** The code sent to the e-mail or phone being verified; skipping leads to the dashboard all the same. */
export function ConfirmVerifyUserScreen() {
  const { t } = useTranslation();
  const { form, fields, onSubmit } = useAuthForm(['confirmation_code']);
  return (
    <ScreenForm
      heading="screen.confirmVerifyHeading"
      intro={<Sentence text={t('screen.confirmVerifyText', KEEP_DESTINATION)} parts={{ destination: <Destination /> }} />}
      onSubmit={onSubmit}
      submitLabel="submit"
      actions={[{ label: 'screen.skip', event: 'SKIP' }]}
    >
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}
