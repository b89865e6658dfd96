/**
 * Passkeys of a signed-in user: StartWebAuthnRegistration hands out creation
 * options with a fresh challenge, CompleteWebAuthnRegistration verifies what
 * the browser made of them (webAuthn.ts) and keeps the passkey, and
 * ListWebAuthnCredentials and DeleteWebAuthnCredential manage what was kept.
 */
import { type Handler, apiDate, userChanged } from '../context.ts';
import { errors } from '../errors.ts';
import { optionalInteger, optionalString, requiredString } from '../input.ts';
import { type Passkey, type User, registrationKey } from '../state.ts';
import { authorize } from '../tokens.ts';
import { MAX_PASSKEYS, creationOptions, newRegistration, relyingPartyFor, verifyRegistration } from '../webAuthn.ts';

/** A name the customer can tell passkeys apart by, until they can rename one: the first free "Passkey n". */
function friendlyName(user: User): string {
  const taken = new Set((user.passkeys ?? []).map((passkey) => passkey.friendlyName));
  let n = 1;
  while (taken.has(`Passkey ${n}`)) n += 1;
  return `Passkey ${n}`;
}

export const StartWebAuthnRegistration: Handler = (input, ctx) => {
  const { pool, user, claims } = authorize(ctx, requiredString(input, 'AccessToken'));
  const relyingPartyId = relyingPartyFor(pool);
  if ((user.passkeys ?? []).length >= MAX_PASSKEYS) throw errors.limitExceeded(`A user may register at most ${MAX_PASSKEYS} passkeys.`);
  const pending = newRegistration(ctx, String(claims.client_id), relyingPartyId);
  // One registration at a time per user: a new start replaces the challenge of an unfinished one.
  ctx.runtime.webAuthnRegistrations.set(registrationKey(pool.id, user.username), pending);
  return { CredentialCreationOptions: creationOptions(pool, user, pending) };
};

export const CompleteWebAuthnRegistration: Handler = (input, ctx) => {
  const { pool, user, claims } = authorize(ctx, requiredString(input, 'AccessToken'));
  if (input.Credential === undefined || input.Credential === null) {
    throw errors.invalidParameter(
      "1 validation error detected: Value null at 'credential' failed to satisfy constraint: Member must not be null",
    );
  }
  relyingPartyFor(pool);
  const key = registrationKey(pool.id, user.username);
  const pending = ctx.runtime.webAuthnRegistrations.get(key);
  if (!pending || pending.expiresAt <= ctx.now()) {
    ctx.runtime.webAuthnRegistrations.delete(key);
    throw errors.webAuthnChallengeNotFound();
  }
  if (claims.client_id !== pending.clientId) throw errors.webAuthnClientMismatch();
  // The challenge is good for one answer, right or wrong.
  ctx.runtime.webAuthnRegistrations.delete(key);
  const verified = verifyRegistration(pool, pending, input.Credential, ctx.now());
  const taken = Object.values(pool.users).some((other) => other.passkeys?.some((p) => p.credentialId === verified.credentialId));
  if (taken) throw errors.invalidParameter('This passkey is already registered.');
  if ((user.passkeys ?? []).length >= MAX_PASSKEYS) throw errors.limitExceeded(`A user may register at most ${MAX_PASSKEYS} passkeys.`);
  const passkey: Passkey = { ...verified, friendlyName: friendlyName(user) };
  user.passkeys = [...(user.passkeys ?? []), passkey];
  userChanged(ctx, pool, user);
  return {};
};

const PAGE_TOKEN = /^passkeys-(\d+)$/;

export const ListWebAuthnCredentials: Handler = (input, ctx) => {
  const { user } = authorize(ctx, requiredString(input, 'AccessToken'));
  const limit = optionalInteger(input, 'MaxResults', { min: 1, max: 20 }) ?? 20;
  const token = optionalString(input, 'NextToken', { min: 1 });
  const match = token === undefined ? null : PAGE_TOKEN.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (token !== undefined && !match) throw errors.invalidParameter('Invalid NextToken.');
  const offset = match ? Number(match[1]) : 0;
  const passkeys = user.passkeys ?? [];
  const page = passkeys.slice(offset, offset + limit);
  const next = offset + page.length;
  return {
    Credentials: page.map((passkey) => ({
      CredentialId: passkey.credentialId,
      FriendlyCredentialName: passkey.friendlyName,
      RelyingPartyId: passkey.relyingPartyId,
      ...(passkey.attachment ? { AuthenticatorAttachment: passkey.attachment } : {}),
      AuthenticatorTransports: passkey.transports,
      CreatedAt: apiDate(passkey.createdAt),
    })),
    ...(next < passkeys.length ? { NextToken: Buffer.from(`passkeys-${next}`).toString('base64url') } : {}),
  };
};

export const DeleteWebAuthnCredential: Handler = (input, ctx) => {
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  const credentialId = requiredString(input, 'CredentialId', { min: 1, max: 2048 });
  const passkeys = user.passkeys ?? [];
  if (!passkeys.some((passkey) => passkey.credentialId === credentialId)) {
    throw errors.resourceNotFound('The passkey does not exist.');
  }
  user.passkeys = passkeys.filter((passkey) => passkey.credentialId !== credentialId);
  userChanged(ctx, pool, user);
  return {};
};
