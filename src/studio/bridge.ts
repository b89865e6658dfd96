/**
 * What a scenario frame tells the studio's inspector, by postMessage to the
 * page around it (same origin only): the scenario it started, then one step
 * per transition of the machine, with the event that caused it, the state
 * after it and the context, secrets redacted before they leave the frame.
 */
import type { InspectionEvent } from 'xstate';
import { redactSecrets, type AuthenticatorSnapshot } from '../../machines/authenticator/index.ts';
import type { FrameOptions } from './frameUrl.ts';

export const STUDIO_SOURCE = 'authenticator-studio';

export interface StepMessage {
  source: typeof STUDIO_SOURCE;
  type: 'step';
  /** ms since the epoch, when the frame saw it */
  at: number;
  /** the event, redacted; an actor's error as its name and message */
  event: { type: string } & Record<string, unknown>;
  /** the active states after it, outermost first: ['confirmSignIn', 'confirmSignIn.idle'] */
  states: string[];
  context: Record<string, unknown>;
}

/** To a scenario page: open this scenario instead, without a reload. */
export interface OpenMessage {
  source: typeof STUDIO_SOURCE;
  type: 'open';
  options: FrameOptions;
}

export type StudioMessage = { source: typeof STUDIO_SOURCE; type: 'start'; scenario: string; at: number } | StepMessage | OpenMessage;

export function isStudioMessage(data: unknown): data is StudioMessage {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === STUDIO_SOURCE;
}

/** A state value as the dotted ids of its active states, outermost first. */
export function activeStates(value: AuthenticatorSnapshot['value'], prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...activeStates(child as AuthenticatorSnapshot['value'], `${prefix}${key}.`),
  ]);
}

/** The innermost active state, as the inspector's heading shows it. */
export const statePath = (states: readonly string[]): string => states.at(-1) ?? '';

const plainError = (value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value);

/** The step a root snapshot makes, ready to post; undefined for anything else the inspector hears. */
export function stepOf(inspection: InspectionEvent): StepMessage | undefined {
  if (inspection.type !== '@xstate.snapshot' || inspection.actorRef.sessionId !== inspection.rootId) return undefined;
  const snapshot = inspection.snapshot as AuthenticatorSnapshot;
  const raw = inspection.event as { type: string; error?: unknown };
  const event = redactSecrets({ ...raw, ...('error' in raw && { error: plainError(raw.error) }) });
  return {
    source: STUDIO_SOURCE,
    type: 'step',
    at: Date.now(),
    event,
    states: activeStates(snapshot.value),
    context: redactSecrets(snapshot.context) as unknown as Record<string, unknown>,
  };
}
