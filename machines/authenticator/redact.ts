/**
 * What must never leave the page, not even for the state inspector (which
 * posts everything it sees to another window): passwords, challenge answers
 * (a new password travels as one), codes and the TOTP secret. Keys are those
 * of the machine's forms, actor inputs and context.
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'password',
  'confirm_password',
  'current_password',
  'newPassword',
  'challengeResponse',
  'confirmation_code',
  'confirmationCode',
  'totpSecretCode',
  'sharedSecret',
]);

export const REDACTED = '[redacted]';

/**
 * A plain-JSON copy with every secret value replaced, safe to post to another
 * window: objects go through their toJSON (XState's actor refs and snapshots
 * have one), an object met again is written as "[Circular]", and the original
 * is left untouched.
 */
export function redactSecrets<T>(value: T): T {
  const seen = new WeakSet<object>();
  const json = JSON.stringify(value, (key, item: unknown) => {
    if (SECRET_KEYS.has(key) && item !== undefined) return REDACTED;
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return '[Circular]';
      seen.add(item);
    }
    return item;
  });
  return (json === undefined ? undefined : JSON.parse(json)) as T;
}
