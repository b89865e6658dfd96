/** ListUsers with Cognito's filter language: `name = "value"` or `name ^= "prefix"`. */
import { type Handler, own } from '../context.ts';
import { errors } from '../errors.ts';
import { optionalInteger, optionalString, optionalStringList } from '../input.ts';
import type { User } from '../state.ts';
import { describeUser, poolFrom } from './admin.ts';
import { mfaSettings } from '../mfa.ts';

const FILTER = /^\s*([\w:]+)\s*(=|\^=)\s*"((?:[^"\\]|\\.)*)"\s*$/;

/** Attributes the service lets a filter search, and how each is read from a user. */
const SEARCHABLE: Record<string, (user: User) => string | undefined> = {
  username: (user) => user.username,
  'cognito:user_status': (user) => user.status,
  status: (user) => (user.enabled ? 'Enabled' : 'Disabled'),
  ...Object.fromEntries(
    ['email', 'phone_number', 'name', 'given_name', 'family_name', 'preferred_username', 'sub'].map((name) => [
      name,
      (user: User) => user.attributes[name],
    ]),
  ),
};

function parseFilter(filter: string | undefined): (user: User) => boolean {
  if (filter === undefined || filter.trim() === '') return () => true;
  const match = FILTER.exec(filter);
  if (!match) throw errors.invalidParameter('Error while parsing filter.');
  const [, name, operator, quoted] = match as unknown as [string, string, string, string];
  const read = own(SEARCHABLE, name);
  if (!read) throw errors.invalidParameter(`Invalid search attribute: ${name}`);
  const wanted = quoted.replace(/\\(.)/g, '$1');
  return (user) => {
    const value = read(user);
    if (value === undefined) return false;
    return operator === '=' ? value === wanted : value.toLowerCase().startsWith(wanted.toLowerCase());
  };
}

const encodeToken = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');

function decodeToken(token: string | undefined): number {
  if (token === undefined) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through
  }
  throw errors.invalidParameter('Invalid pagination token.');
}

export const ListUsers: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const only = optionalStringList(input, 'AttributesToGet');
  const limit = optionalInteger(input, 'Limit', { min: 0, max: 60 }) ?? 60;
  const offset = decodeToken(optionalString(input, 'PaginationToken', { min: 1 }));
  const matches = parseFilter(optionalString(input, 'Filter', { max: 256 }));
  const found = Object.values(pool.users).filter(matches);
  const page = found.slice(offset, offset + (limit === 0 ? 60 : limit));
  const next = offset + page.length;
  return {
    Users: page.map((user) => ({ ...describeUser(user, only), MFAOptions: mfaSettings(user).MFAOptions })),
    ...(next < found.length ? { PaginationToken: encodeToken(next) } : {}),
  };
};
