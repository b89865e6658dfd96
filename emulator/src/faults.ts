/**
 * Fault injection for tests: the next N calls of an operation answer with a
 * given Cognito error, a bare 5xx, or a dropped connection instead of being
 * served. Each HTTP request uses up one; the AWS SDK retries throttling and
 * 5xx answers (three attempts in all), so a test that wants a call to fail
 * through the SDK asks for three.
 */
import { randomUUID } from 'node:crypto';
import { errors } from './errors.ts';
import { type Input, optionalBoolean, optionalInteger, optionalString, requiredString } from './input.ts';
import type { Fault, FaultResponse, Runtime } from './state.ts';

export function parseFault(body: Input): Fault {
  const operation = requiredString(body, 'operation', { min: 1, max: 128 });
  const count = optionalInteger(body, 'count', { min: 1, max: 10_000 }) ?? 1;
  const type = optionalString(body, 'error', { min: 1, max: 128 });
  const message = optionalString(body, 'message', { max: 2048 });
  const status = optionalInteger(body, 'status', { min: 400, max: 599 });
  const drop = optionalBoolean(body, 'drop') ?? false;
  let response: FaultResponse;
  if (drop) {
    if (type !== undefined || status !== undefined) throw errors.invalidParameter('A dropped connection has no error or status.');
    response = { kind: 'drop' };
  } else if (type !== undefined) {
    response = {
      kind: 'error',
      type,
      message: message ?? `Injected ${type}.`,
      status: status ?? (type === 'InternalErrorException' ? 500 : 400),
    };
  } else if (status !== undefined) {
    if (status < 500) throw errors.invalidParameter('A fault with a status only must be a 5xx; give "error" for a 4xx.');
    response = { kind: 'status', status };
  } else {
    throw errors.invalidParameter(
      'Say what the fault answers: "error" (with optional "message" and "status"), "status" (5xx) or "drop": true.',
    );
  }
  return { id: randomUUID(), operation, remaining: count, response };
}

/** Uses up one call of the first fault set for this operation, if any. */
export function takeFault(runtime: Runtime, operation: string): FaultResponse | undefined {
  const index = runtime.faults.findIndex((fault) => fault.operation === operation || fault.operation === '*');
  if (index < 0) return undefined;
  const fault = runtime.faults[index]!;
  fault.remaining -= 1;
  if (fault.remaining <= 0) runtime.faults.splice(index, 1);
  return fault.response;
}
