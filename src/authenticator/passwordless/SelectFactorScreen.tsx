import { Button, Stack, Text, Title } from '@mantine/core';
import { useAuth, useAuthActor, usePending } from '../AuthProvider.tsx';
import { rememberFactor } from '../lastFactor.ts';
import classes from '../screens/screens.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { useWords } from './useWords.ts';

/**
 * The first factors the pool offers this customer, one button each (the
 * password once, though the pool may offer it twice: with and without SRP).
 */
export function SelectFactorScreen() {
  const w = useWords();
  const { t } = useTranslation();
  const actor = useAuthActor();
  const pending = usePending();
  const email = useAuth((s) => s.context.username) ?? '';
  const offered = useAuth((s) => s.context.availableChallenges) ?? [];
  // SRP keeps the password off the wire: offered both ways, the password goes with SRP.
  const factors = offered.filter((factor) => !(factor === 'PASSWORD' && offered.includes('PASSWORD_SRP')));
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {w('chooseHeading')}
      </Title>
      <Text size="sm">{w('chooseText', { email })}</Text>
      <Stack gap="xs" role="group" aria-label={w('chooseLabel')}>
        {factors.map((factor) => (
          <Button
            key={factor}
            variant="default"
            fullWidth
            disabled={pending}
            onClick={() => {
              rememberFactor(factor === 'PASSWORD_SRP' ? 'PASSWORD' : factor);
              actor.send({ type: 'SIGN_IN_WITH', factor });
            }}
          >
            {w(factor)}
          </Button>
        ))}
      </Stack>
      <Button variant="subtle" className={classes.action} fullWidth disabled={pending} onClick={() => actor.send({ type: 'SIGN_IN' })}>
        {t('screen.backToSignIn')}
      </Button>
    </Stack>
  );
}
