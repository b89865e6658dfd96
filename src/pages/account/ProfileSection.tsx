import { ActionIcon, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { federatedProvider, passwordRules, useSession, type Attributes } from '../../session/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, useAction } from './Outcome.tsx';
import { useCooldown } from './useCooldown.ts';
import classes from './ProfileSection.module.css';
import { useWords } from './useWords.ts';
import type { AccountWord } from './useWords.ts';

/** The §3 attributes a customer edits here; every one is optional, so every one can be removed. */
const EDITABLE: { name: string; label: AccountWord; autoComplete: string }[] = [
  { name: 'given_name', label: 'givenName', autoComplete: 'given-name' },
  { name: 'family_name', label: 'familyName', autoComplete: 'family-name' },
  { name: 'nickname', label: 'nickname', autoComplete: 'nickname' },
  { name: 'website', label: 'website', autoComplete: 'url' },
];

const valuesOf = (attributes: Attributes) => Object.fromEntries(EDITABLE.map(({ name }) => [name, attributes[name] ?? '']));

interface ProfileSectionProps {
  attributes: Attributes;
  /** reads the attributes again from the pool, after a change made the id token's copy stale */
  onChanged: () => Promise<void>;
}

/** The section's one action at a time and its one outcome, which the e-mail's actions share (one status per section). */
type SectionAction = ReturnType<typeof useAction>;

/**
 * Profile: the names and other attributes (UpdateUserAttributes,
 * DeleteUserAttributes), and the e-mail, which a code must verify
 * (VerifyUserAttribute) before it shows as verified.
 */
export function ProfileSection({ attributes, onChanged }: ProfileSectionProps) {
  const api = useSession();
  const { w } = useWords();
  const [values, setValues] = useState(() => valuesOf(attributes));
  const action = useAction();
  const { pending, outcome, setOutcome, run } = action;

  function save(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const changed: Record<string, string> = {};
      const cleared: string[] = [];
      for (const { name } of EDITABLE) {
        const value = (values[name] ?? '').trim();
        if (value !== '' && value !== (attributes[name] ?? '')) changed[name] = value;
        if (value === '' && attributes[name]) cleared.push(name);
      }
      if (Object.keys(changed).length > 0) await api.updateAttributes(changed);
      if (cleared.length > 0) await api.deleteAttributes(cleared);
      await onChanged();
      return w('saved');
    });
  }

  function remove(name: string, label: string) {
    void run(async () => {
      await api.deleteAttributes([name]);
      setValues((current) => ({ ...current, [name]: '' }));
      await onChanged();
      return w('removed', { field: label });
    });
  }

  return (
    <Section title={w('profile')} description={w('profileLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      <EmailField attributes={attributes} onChanged={onChanged} action={action} />
      <form onSubmit={save} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
          {EDITABLE.map(({ name, label, autoComplete }) => (
            <TextInput
              key={name}
              label={w(label)}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [name]: value }));
              }}
              rightSection={
                attributes[name] ? (
                  <Tooltip label={w('remove', { field: w(label) })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={w('remove', { field: w(label) })}
                      disabled={pending}
                      onClick={() => remove(name, w(label))}
                    >
                      <IconTrash size={16} stroke={1.7} />
                    </ActionIcon>
                  </Tooltip>
                ) : undefined
              }
            />
          ))}
        </SimpleGrid>
        <Button type="submit" mt="md" loading={pending} disabled={pending}>
          {w('save')}
        </Button>
      </form>
    </Section>
  );
}

/**
 * The e-mail: shown verified or not; a new one is saved, and verified with the
 * code the pool sends to it. A federated customer's e-mail is the provider's:
 * Cognito writes mapped attributes again at each sign-in through the provider,
 * so a change made here would not last, and none is offered.
 */
function EmailField({ attributes, onChanged, action }: ProfileSectionProps & { action: SectionAction }) {
  const api = useSession();
  const { w } = useWords();
  const current = attributes.email ?? '';
  const [email, setEmail] = useState(current);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  /**
   * The new address while it waits for its code in a pool that keeps the old one
   * until then (AttributesRequireVerificationBeforeUpdate): the pool still answers
   * the old address, verified, and that one still signs in.
   */
  const [waiting, setWaiting] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { pending, run } = action;
  const cooldown = useCooldown();
  const keptOld = waiting !== null && waiting !== current && waiting === email.trim();
  const verified = !keptOld && attributes.email_verified === 'true';

  const change = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const wanted = email.trim();
      const [result] = await api.updateAttributes({ email: wanted });
      if (result?.verify) {
        setCodeSentTo(result.codeSent.destination ?? wanted);
        setWaiting(wanted);
        cooldown.start();
      }
      await onChanged();
    });
  };
  const resend = () =>
    void run(async () => {
      const sent = await api.sendVerificationCode('email');
      const destination = sent.destination ?? current;
      setCodeSentTo(destination);
      cooldown.start();
      return w('codeResent', { destination });
    });
  const sendCode = () =>
    void run(async () => {
      const sent = await api.sendVerificationCode('email');
      setCodeSentTo(sent.destination ?? current);
    });
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (code.trim() === '') throw new Error(passwordRules.required);
      await api.verifyAttribute('email', code.trim());
      setCodeSentTo(null);
      setWaiting(null);
      setCode('');
      await onChanged();
      return w('emailVerified');
    });
  };

  const badge = (
    <Badge color={verified ? 'teal' : 'orange'} variant="light" mb={8}>
      {verified ? w('verified') : w('unverified')}
    </Badge>
  );
  const provider = federatedProvider(attributes);
  if (provider) {
    // Nothing to verify or change here: the address is the provider's, and says so instead of "Unverified".
    return (
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <TextInput label={w('email')} type="email" value={current} readOnly className={classes.email} />
          <Badge color="gray" variant="light" mb={8}>
            {w('managedBy', { provider })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {w('federatedEmail', { provider })}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <form onSubmit={change} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={w('email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            className={classes.email}
          />
          {badge}
          <Button type="submit" variant="default" loading={pending} disabled={pending || email.trim() === '' || email.trim() === current}>
            {w('changeEmail')}
          </Button>
          {!verified && !codeSentTo && (
            <Button variant="subtle" disabled={pending} onClick={sendCode}>
              {w('sendCode')}
            </Button>
          )}
        </Group>
      </form>
      {codeSentTo && (
        <form onSubmit={verify} noValidate>
          <Text size="sm" mb={4}>
            {w('codeSentTo', { destination: codeSentTo })}
          </Text>
          {keptOld && (
            <Text size="sm" c="dimmed" mb={4}>
              {w('oldEmailKept', { email: current })}
            </Text>
          )}
          <Group align="flex-end" gap="sm">
            <TextInput
              label={w('verificationCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button type="submit" loading={pending} disabled={pending}>
              {w('verify')}
            </Button>
            <Button variant="subtle" disabled={pending || cooldown.secondsLeft > 0} onClick={resend}>
              {cooldown.secondsLeft > 0 ? w('resendCodeIn', { seconds: String(cooldown.secondsLeft) }) : w('resendCode')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
