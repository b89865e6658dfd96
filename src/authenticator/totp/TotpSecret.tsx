import { Button, Code, CopyButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/index.ts';
import { groupedSecret } from './otpauth.ts';
import classes from './totp.module.css';

/**
 * The authenticator app's secret as text, in groups of four, with a button that copies it whole: for a
 * customer who cannot scan the QR code. Sign-in's set-up screen and the Account page show the same.
 */
export function TotpSecret({ secret, disabled = false }: { secret: string; disabled?: boolean }) {
  const { t } = useTranslation('screens');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('screen.secretKey')}
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
                aria-label={t('screen.copySecret')}
                disabled={disabled}
                onClick={copy}
              >
                {copied ? t('screen.copied') : t('screen.copy')}
              </Button>
              <VisuallyHidden role="status">{copied ? t('screen.copied') : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
