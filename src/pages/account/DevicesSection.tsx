import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { intlLocale } from '../../i18n/index.ts';
import type { SessionApi } from '../../session/index.ts';
import { Section } from '../shared/Section.tsx';
import { OutcomeMessage, useListSection } from './Outcome.tsx';
import { useWords } from './useWords.ts';

const readDevices = (api: SessionApi) => api.devices();

/**
 * Remembered devices (ListDevices): each with its name and last sign-in, this
 * browser marked; forget one (ForgetDevice), or remember this one or stop
 * remembering it (UpdateDeviceStatus). Shown only where the pool tracks
 * devices, which this browser knows from the device key it got at sign-in.
 */
export function DevicesSection() {
  const { w, language } = useWords();
  const { api, items: devices, hidden, pending, outcome, setOutcome, run } = useListSection(readDevices);
  if (hidden) return null;

  const when = (date: Date) => date.toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Section title={w('devices')} description={w('devicesLead')}>
      <OutcomeMessage outcome={outcome} onClose={() => setOutcome(null)} />
      {devices === undefined ? null : devices.length === 0 ? (
        <Text size="sm">{w('noDevices')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={w('devices')}>
          {devices.map((device) => {
            const name = device.name ?? w('unnamedDevice');
            return (
              <Stack component="li" key={device.key} gap={4} data-testid="device">
                <Group gap="xs">
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  {device.current && (
                    <Badge color="blue" variant="light">
                      {w('thisDevice')}
                    </Badge>
                  )}
                  <Badge color={device.remembered ? 'teal' : 'gray'} variant="light">
                    {device.remembered ? w('remembered') : w('notRemembered')}
                  </Badge>
                </Group>
                {device.lastSignIn && (
                  <Text size="sm" c="dimmed">
                    {w('lastSignIn', { date: when(device.lastSignIn) })}
                  </Text>
                )}
                <Group gap="sm">
                  {device.current && (
                    <Button
                      variant="default"
                      size="compact-sm"
                      disabled={pending}
                      onClick={() =>
                        void run(async () => {
                          await api.rememberThisDevice(!device.remembered);
                          return device.remembered ? w('deviceNotRemembered') : w('deviceRemembered');
                        })
                      }
                    >
                      {device.remembered ? w('stopRemembering') : w('rememberThis')}
                    </Button>
                  )}
                  {!device.current && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={w('forgetDevice', { device: name })}
                      disabled={pending}
                      onClick={() =>
                        void run(async () => {
                          await api.forgetDevice(device.key);
                          return w('deviceForgotten');
                        })
                      }
                    >
                      {w('forget')}
                    </Button>
                  )}
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
