/**
 * The local inspector: what the scenario frame reports (bridge.ts), with no
 * network beyond the dev server. The current state path, the context with
 * secrets redacted, and every event with the time it arrived and the state
 * it led to.
 */
import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { statePath, type StepMessage } from './bridge.ts';
import classes from './Studio.module.css';

const time = (at: number) => new Date(at).toISOString().slice(11, 23);

export function Inspector({ steps, startedAt }: { steps: readonly StepMessage[]; startedAt?: number }) {
  const last = steps.at(-1);
  return (
    <Stack gap="sm" aria-label="Inspector" role="region">
      <Title order={2} size="h4">
        Inspector
      </Title>
      <div>
        <Text size="sm" fw={600}>
          State
        </Text>
        <Code data-testid="state-path">{last ? statePath(last.states) : '…'}</Code>
      </div>
      <div>
        <Text size="sm" fw={600}>
          Context (secrets redacted)
        </Text>
        <Code block className={classes.context} data-testid="context">
          {JSON.stringify(last?.context ?? {}, null, 2)}
        </Code>
      </div>
      <div>
        <Text size="sm" fw={600}>
          Events{' '}
          {startedAt !== undefined && (
            <Text span size="xs" c="dimmed">
              (since {time(startedAt)} UTC)
            </Text>
          )}
        </Text>
        <Table className={classes.log} data-testid="event-log" withRowBorders>
          <colgroup>
            <col width="30%" />
            <col width="38%" />
            <col width="32%" />
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>time</Table.Th>
              <Table.Th>event</Table.Th>
              <Table.Th>state after</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((step, index) => (
              <Table.Tr key={index}>
                <Table.Td>{time(step.at)}</Table.Td>
                <Table.Td title={JSON.stringify(step.event)}>{step.event.type}</Table.Td>
                <Table.Td>{statePath(step.states)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
