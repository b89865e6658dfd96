import type { ClientContext } from './context.ts';
import { nonBlank } from './errors.ts';
import { callAsUser, currentTokens } from './session.ts';
import { deliveryFrom } from './signUp.ts';
import type { CodeDeliveryDetails, UpdateAttributeResult } from './types.ts';

export async function fetchUserAttributes(ctx: ClientContext): Promise<Record<string, string>> {
  const output = await callAsUser(ctx, 'GetUser', {});
  return Object.fromEntries((output.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
}

/**
 * Updates attributes. Those the pool verifies (e-mail, phone) come back with
 * CONFIRM_ATTRIBUTE_WITH_CODE: the pool sent a code to the new value.
 */
export async function updateUserAttributes(
  ctx: ClientContext,
  input: { attributes: Record<string, string> },
): Promise<UpdateAttributeResult[]> {
  const entries = Object.entries(input.attributes);
  const output = await callAsUser(ctx, 'UpdateUserAttributes', {
    UserAttributes: entries.map(([Name, Value]) => ({ Name, Value })),
  });
  const deliveries = new Map((output.CodeDeliveryDetailsList ?? []).map((d) => [d.AttributeName ?? '', deliveryFrom(d)]));
  return entries.map(([attributeName]) => {
    const codeDeliveryDetails = deliveries.get(attributeName);
    return codeDeliveryDetails
      ? { step: 'CONFIRM_ATTRIBUTE_WITH_CODE', attributeName, codeDeliveryDetails }
      : { step: 'DONE', attributeName };
  });
}

export async function deleteUserAttributes(ctx: ClientContext, input: { names: string[] }): Promise<void> {
  await callAsUser(ctx, 'DeleteUserAttributes', { UserAttributeNames: input.names });
}

export async function sendUserAttributeVerificationCode(
  ctx: ClientContext,
  input: { attributeName: string },
): Promise<CodeDeliveryDetails> {
  const output = await callAsUser(ctx, 'GetUserAttributeVerificationCode', {
    AttributeName: input.attributeName,
  });
  return deliveryFrom(output.CodeDeliveryDetails);
}

export async function confirmUserAttribute(ctx: ClientContext, input: { attributeName: string; confirmationCode: string }): Promise<void> {
  const code = nonBlank(input.confirmationCode, 'code');
  await callAsUser(ctx, 'VerifyUserAttribute', { AttributeName: input.attributeName, Code: code });
  // The id token still names the old address (and the top bar reads it, after a reload too): new tokens carry the
  // verified one. The address is verified whatever the refresh comes to; a refresh the pool refuses ends the
  // session on its own (session.ts).
  await currentTokens(ctx, { forceRefresh: true }).catch(() => null);
}
