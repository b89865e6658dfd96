import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { totpUri } from '../../authenticator/totp/otpauth.ts';
import { TotpQrCode } from '../../authenticator/totp/TotpQrCode.tsx';
import { TotpSecret } from '../../authenticator/totp/TotpSecret.tsx';
import {
  passwordRules,
  useSession,
  type Attributes,
  type SessionApi,
  type SecondFactor,
  type TwoStepSettings,
} from '../../session/index.ts';
import { directionOf } from '../../i18n/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, useAction, useFirstRead } from './Outcome.tsx';
import { useWords } from './useWords.ts';
import type { AccountWord } from './useWords.ts';

const readSettings = (api: SessionApi) => api.twoStepSettings();

const LABEL: Record<SecondFactor, AccountWord> = {
  TOTP: 'authenticatorApp',
  SMS: 'smsCode',
  EMAIL: 'emailCode',
  WEB_AUTHN: 'passkeyStep',
};
/** The factors that send or show a code; a passkey needs one of them on, and is never the preferred one. */
const CODE_METHODS: readonly SecondFactor[] = ['TOTP', 'SMS', 'EMAIL'];

/**
 * Two-step verification: an authenticator app (AssociateSoftwareToken, then
 * VerifySoftwareToken with its first code), SMS to a verified phone number,
 * codes to a verified e-mail address, a passkey with user verification
 * (beside one of those, where the pool lets a passkey stand for MFA), which
 * code factor is asked first, and turning any of them off (SetUserMFAPreference).
 * Only the factors the pool offers appear (the configuration's mfaMethods);
 * with none, the section is not shown at all and the pool is asked nothing.
 */
export function TwoStepSection({ attributes }: { attributes: Attributes }) {
  const api = useSession();
  const { w, language } = useWords();
  const { pending, outcome, setOutcome, run, fail } = useAction();
  const [settings, setSettings] = useFirstRead(readSettings, fail);

  // Nothing offered (the pool's MFA is off): no section. Until the first read, nothing either.
  if (settings?.offered.length === 0 || (!settings && outcome?.kind !== 'error')) return null;
  const offered = settings?.offered ?? [];

  const change = (method: SecondFactor, setting: 'on' | 'off' | 'preferred') =>
    run(async () => {
      await api.setTwoStep(method, setting);
      setSettings(await api.twoStepSettings());
      const word = setting === 'on' ? 'methodOn' : setting === 'off' ? 'methodOff' : 'methodPreferred';
      return w(word, { method: w(LABEL[method]) });
    });

  const phoneVerified = Boolean(attributes.phone_number) && attributes.phone_number_verified === 'true';
  // A phone number reads left to right inside a right-to-left sentence (Unicode's LRI … PDI around it).
  const phone = directionOf(language) === 'rtl' ? `\u2066${attributes.phone_number ?? ''}\u2069` : (attributes.phone_number ?? '');
  const emailVerified = Boolean(attributes.email) && attributes.email_verified === 'true';

  return (
    <Section title={w('twoStep')} description={w('twoStepLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      {settings ? (
        <Stack gap="lg">
          {offered.includes('TOTP') && (
            <MethodRow method="TOTP" settings={settings} pending={pending} onChange={change}>
              {!settings.enabled.includes('TOTP') && (
                <AppSetup
                  account={attributes.email ?? ''}
                  onDone={async () => {
                    setSettings(await api.twoStepSettings());
                    setOutcome({ kind: 'done', message: w('appOn') });
                  }}
                />
              )}
            </MethodRow>
          )}
          {offered.includes('SMS') && (
            <MethodRow method="SMS" settings={settings} pending={pending} onChange={change} canTurnOn={phoneVerified}>
              <Text size="sm" c="dimmed">
                {phoneVerified ? w('smsTo', { phone }) : w('smsNeedsPhone')}
              </Text>
            </MethodRow>
          )}
          {offered.includes('EMAIL') && (
            <MethodRow method="EMAIL" settings={settings} pending={pending} onChange={change} canTurnOn={emailVerified}>
              <Text size="sm" c="dimmed">
                {emailVerified ? w('emailTo', { email: attributes.email ?? '' }) : w('emailNeedsVerified')}
              </Text>
            </MethodRow>
          )}
          {offered.includes('WEB_AUTHN') && (
            <MethodRow
              method="WEB_AUTHN"
              settings={settings}
              pending={pending}
              onChange={change}
              canTurnOn={settings.enabled.some((method) => CODE_METHODS.includes(method))}
            >
              <Text size="sm" c="dimmed">
                {w('passkeyStepNote')}
              </Text>
            </MethodRow>
          )}
        </Stack>
      ) : null}
    </Section>
  );
}

interface MethodRowProps {
  method: SecondFactor;
  settings: TwoStepSettings;
  pending: boolean;
  onChange: (method: SecondFactor, setting: 'on' | 'off' | 'preferred') => Promise<void>;
  /** SMS only with a verified phone number, e-mail with a verified address; an app is turned on by setting it up */
  canTurnOn?: boolean;
  children?: ReactNode;
}

/** One factor: its name and state, and what can be done with it. */
function MethodRow({ method, settings, pending, onChange, canTurnOn = false, children }: MethodRowProps) {
  const { w } = useWords();
  const label = w(LABEL[method]);
  const enabled = settings.enabled.includes(method);
  const preferred = settings.preferred === method;
  const codeMethodsOn = settings.enabled.filter((on) => CODE_METHODS.includes(on)).length;
  return (
    <Stack gap="xs" data-testid={`two-step-${method}`}>
      <Group gap="sm">
        <Text fw={500}>{label}</Text>
        <Badge color={enabled ? 'teal' : 'gray'} variant="light">
          {enabled ? w('on') : w('off')}
        </Badge>
        {preferred && (
          <Badge color="blue" variant="light">
            {w('preferred')}
          </Badge>
        )}
      </Group>
      {children}
      <Group gap="sm">
        {!enabled && canTurnOn && (
          <Button variant="default" disabled={pending} onClick={() => void onChange(method, 'on')}>
            {w('turnOn', { method: label })}
          </Button>
        )}
        {enabled && !preferred && method !== 'WEB_AUTHN' && codeMethodsOn > 1 && (
          <Button variant="default" disabled={pending} onClick={() => void onChange(method, 'preferred')}>
            {w('makePreferred', { method: label })}
          </Button>
        )}
        {enabled && (
          <Button variant="subtle" color="red" disabled={pending} onClick={() => void onChange(method, 'off')}>
            {w('turnOff', { method: label })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Adding an authenticator app: the QR code and secret as sign-in's set-up screen shows them, then the app's first code. */
function AppSetup({ account, onDone }: { account: string; onDone: () => Promise<void> }) {
  const api = useSession();
  const { w } = useWords();
  const [secret, setSecret] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // On a failure the code stays as typed, so a mistyped digit is corrected rather than typed again.
  const { pending, outcome, setOutcome, run } = useAction();

  const start = () => void run(async () => setSecret(await api.startAppSetup()));
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (code.trim() === '') throw new Error(passwordRules.required);
      await api.finishAppSetup(code.trim());
      setSecret(null);
      setCode('');
      await onDone();
    });
  };

  if (!secret) {
    return (
      <>
        <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
        <Button w="fit-content" loading={pending} disabled={pending} onClick={start}>
          {w('setUpApp')}
        </Button>
      </>
    );
  }
  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="sm" maw={420}>
        <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
        <Text size="sm">{w('setUpAppText')}</Text>
        <TotpQrCode uri={totpUri({ issuer: api.totpIssuer, account, secret })} account={account} />
        <TotpSecret secret={secret} />
        <TextInput
          label={w('appCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Group gap="sm">
          <Button type="submit" loading={pending} disabled={pending}>
            {w('verify')}
          </Button>
          <Button variant="default" disabled={pending} onClick={() => setSecret(null)}>
            {w('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
