import { Center, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import classes from './totp.module.css';
import { makeQrCode, QR_SIZE, type QrCodeResult } from './qrCode.ts';

/** The key URI as a 228×228 QR code; if it cannot be drawn, a sentence pointing to the secret below. */
export function TotpQrCode({ uri, account }: { uri: string; account: string }) {
  const { t } = useTranslation('screens');
  const [result, setResult] = useState<{ uri: string; qr: QrCodeResult } | undefined>();
  useEffect(() => {
    let current = true;
    void makeQrCode(uri).then((qr) => {
      if (current) setResult({ uri, qr });
    });
    return () => {
      current = false;
    };
  }, [uri]);

  const qr = result?.uri === uri ? result.qr : undefined;
  let content;
  if (!qr) content = <Loader size="sm" aria-hidden />;
  else if (!qr.ok) {
    content = (
      <Text size="sm" ta="center" data-testid="qr-placeholder">
        {t('screen.qrCodeFailed')}
      </Text>
    );
  }
  if (qr?.ok) {
    return (
      <div className={classes.frame}>
        <img className={classes.qr} src={qr.dataUrl} width={QR_SIZE} height={QR_SIZE} alt={t('screen.qrCodeAlt', { user: account })} />
      </div>
    );
  }
  return (
    <div className={classes.frame}>
      <Center className={classes.qr}>{content}</Center>
    </div>
  );
}
