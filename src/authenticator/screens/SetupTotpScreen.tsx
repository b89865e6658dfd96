import { Button, Code, CopyButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useAuth, useAuthSettings, usePending } from '../AuthProvider.tsx';
import { FieldList } from '../fields/FieldList.tsx';
import { useAuthForm } from '../fields/useAuthForm.ts';
import { useTranslation } from '../../i18n/index.ts';
import { groupedSecret, totpUri } from '../totp/otpauth.ts';
import { TotpQrCode } from '../totp/TotpQrCode.tsx';
import classes from '../totp/totp.module.css';
import { ScreenForm } from './ScreenForm.tsx';

/** An authenticator app for the account: QR code, the same secret as text to copy, and the app's first code. */
export function SetupTotpScreen() {
  const { t } = useTranslation();
  const pending = usePending();
  const secret = useAuth((s) => s.context.totpSecretCode) ?? '';
  const account = useAuth((s) => s.context.username ?? s.context.user?.email ?? s.context.user?.username) ?? '';
  const { totpIssuer } = useAuthSettings();
  const { form, fields, onSubmit } = useAuthForm(['confirmation_code']);
  const uri = totpUri({ issuer: totpIssuer, account, secret });

  return (
    <ScreenForm
      heading="setupTotpHeading"
      intro={t('setupTotpText')}
      onSubmit={onSubmit}
      submitLabel="confirm"
      actions={[{ label: 'backToSignIn', event: 'SIGN_IN' }]}
    >
      <TotpQrCode uri={uri} account={account} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('secretKey')}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Code className={classes.secret} data-testid="totp-secret">
            {groupedSecret(secret)}
          </Code>
          <CopyButton value={secret} timeout={2000}>
            {({ copied, copy }) => (
              <>
                <Button
                  className={classes.copy}
                  variant="default"
                  size="compact-sm"
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  aria-label={t('copySecret')}
                  disabled={pending}
                  onClick={copy}
                >
                  {copied ? t('copied') : t('copy')}
                </Button>
                <VisuallyHidden role="status">{copied ? t('copied') : ''}</VisuallyHidden>
              </>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <FieldList fields={fields} form={form} />
    </ScreenForm>
  );
}
