/**
 * Reading a request's members the way the service does: a missing required
 * member is an InvalidParameterException, a member of the wrong JSON type a
 * SerializationException. Handlers never see anything but checked values.
 */
import { type CognitoError, errors } from './errors.ts';

export type Input = Record<string, unknown>;

export function asInput(body: unknown): Input {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.serialization('Start of structure or map expected at the top level of the request.');
  }
  return body as Input;
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function missing(name: string): CognitoError {
  return errors.invalidParameter(
    `1 validation error detected: Value null at '${lowerFirst(name)}' failed to satisfy constraint: Member must not be null`,
  );
}

function wrongType(name: string, expected: string): CognitoError {
  return errors.serialization(`Unexpected value for '${name}': expected ${expected}.`);
}

interface StringRule {
  min?: number;
  max?: number;
  /** the whole value must match; `source` is the pattern as the service's message quotes it */
  pattern?: { regex: RegExp; source: string };
}

/** Codes a customer types (ConfirmationCode, Code): no whitespace anywhere. */
export const CODE_RULE: StringRule = { min: 1, max: 2048, pattern: { regex: /^[\S]+$/, source: '[\\S]+' } };

/** User names: letters, marks, symbols, numbers and punctuation; no spaces or control characters. */
export const USERNAME_RULE: StringRule = {
  min: 1,
  max: 128,
  pattern: { regex: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, source: '[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+' },
};

function checkLength(name: string, value: string, rule: StringRule): string {
  if (rule.min !== undefined && value.length < rule.min) {
    throw errors.invalidParameter(
      `1 validation error detected: Value at '${lowerFirst(name)}' failed to satisfy constraint: Member must have length greater than or equal to ${rule.min}`,
    );
  }
  if (rule.max !== undefined && value.length > rule.max) {
    throw errors.invalidParameter(
      `1 validation error detected: Value at '${lowerFirst(name)}' failed to satisfy constraint: Member must have length less than or equal to ${rule.max}`,
    );
  }
  if (rule.pattern && !rule.pattern.regex.test(value)) {
    throw errors.invalidParameter(
      `1 validation error detected: Value at '${lowerFirst(name)}' failed to satisfy constraint: Member must satisfy regular expression pattern: ${rule.pattern.source}`,
    );
  }
  return value;
}

export function requiredString(input: Input, name: string, rule: StringRule = { min: 1 }): string {
  const value = input[name];
  if (value === undefined || value === null) throw missing(name);
  if (typeof value !== 'string') throw wrongType(name, 'a string');
  return checkLength(name, value, rule);
}

export function optionalString(input: Input, name: string, rule: StringRule = {}): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(name, 'a string');
  return checkLength(name, value, rule);
}

export function requiredBoolean(input: Input, name: string): boolean {
  const value = optionalBoolean(input, name);
  if (value === undefined) throw missing(name);
  return value;
}

export function optionalBoolean(input: Input, name: string): boolean | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongType(name, 'a boolean');
  return value;
}

/** A string-to-string map such as AuthParameters or ChallengeResponses. */
export function stringMap(input: Input, name: string, required: boolean): Record<string, string> {
  const value = input[name];
  if (value === undefined || value === null) {
    if (required) throw missing(name);
    return {};
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw wrongType(name, 'a map');
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw wrongType(`${name}.${key}`, 'a string');
    out[key] = entry;
  }
  return out;
}

/** A list of `{Name, Value}` attribute pairs. */
export function attributeList(input: Input, name: string, required = false): { Name: string; Value: string }[] {
  const value = input[name];
  if (value === undefined || value === null) {
    if (required) throw missing(name);
    return [];
  }
  if (!Array.isArray(value)) throw wrongType(name, 'a list');
  return value.map((entry, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw wrongType(`${name}[${index}]`, 'a structure');
    const item = entry as Input;
    const attrName = requiredString(item, 'Name', { min: 1, max: 32 });
    const attrValue = optionalString(item, 'Value', { max: 2048 }) ?? '';
    return { Name: attrName, Value: attrValue };
  });
}

export function optionalInteger(input: Input, name: string, range: { min?: number; max?: number } = {}): number | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongType(name, 'a number');
  if (!Number.isInteger(value)) throw wrongType(name, 'an integer');
  if (range.min !== undefined && value < range.min) {
    throw errors.invalidParameter(
      `1 validation error detected: Value '${value}' at '${lowerFirst(name)}' failed to satisfy constraint: Member must have value greater than or equal to ${range.min}`,
    );
  }
  if (range.max !== undefined && value > range.max) {
    throw errors.invalidParameter(
      `1 validation error detected: Value '${value}' at '${lowerFirst(name)}' failed to satisfy constraint: Member must have value less than or equal to ${range.max}`,
    );
  }
  return value;
}

function checkEnum<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw errors.invalidParameter(
      `1 validation error detected: Value '${value}' at '${lowerFirst(name)}' failed to satisfy constraint: Member must satisfy enum value set: [${allowed.join(', ')}]`,
    );
  }
  return value as T;
}

export function requiredEnum<T extends string>(input: Input, name: string, allowed: readonly T[]): T {
  return checkEnum(name, requiredString(input, name, {}), allowed);
}

export function optionalEnum<T extends string>(input: Input, name: string, allowed: readonly T[]): T | undefined {
  const value = optionalString(input, name);
  return value === undefined ? undefined : checkEnum(name, value, allowed);
}

export function optionalStringList(input: Input, name: string): string[] | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw wrongType(name, 'a list');
  return value.map((entry, index) => {
    if (typeof entry !== 'string') throw wrongType(`${name}[${index}]`, 'a string');
    return entry;
  });
}

export function optionalEnumList<T extends string>(input: Input, name: string, allowed: readonly T[]): T[] | undefined {
  return optionalStringList(input, name)?.map((value) => checkEnum(name, value, allowed));
}

export function requiredStringList(input: Input, name: string): string[] {
  const value = optionalStringList(input, name);
  if (value === undefined) throw missing(name);
  return value;
}

/** A nested structure, itself read with these helpers. */
export function optionalStructure(input: Input, name: string): Input | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw wrongType(name, 'a structure');
  return value as Input;
}
