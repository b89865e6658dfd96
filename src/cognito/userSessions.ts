/**
 * Where the signed-in customer is signed in: the pool's token sessions
 * (ListUserSessions), and ending one of the others (RevokeUserSession). Part
 * of the account operations' chunk, loaded on first use.
 */
import type { ClientContext } from './context.ts';
import { callAsUser } from './session.ts';
import type { UserSession } from './types.ts';

export async function listSessions(ctx: ClientContext): Promise<UserSession[]> {
  const sessions: UserSession[] = [];
  let NextToken: string | undefined;
  do {
    const page = await callAsUser(ctx, 'ListUserSessions', { NextToken });
    for (const item of page.Sessions ?? []) {
      if (!item.SessionId) continue;
      sessions.push({
        id: item.SessionId,
        current: item.IsCurrentSession === true,
        clientId: item.ClientId,
        deviceType: item.DeviceType && item.DeviceType !== 'unknown' ? item.DeviceType : undefined,
        createdAt: item.CreateDate,
        lastActiveAt: item.LastActiveDate,
      });
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return sessions;
}

/** The session must be another one: the pool refuses to end the caller's own this way (sign out does that). */
export async function revokeSession(ctx: ClientContext, input: { sessionId: string }): Promise<void> {
  await callAsUser(ctx, 'RevokeUserSession', { SessionId: input.sessionId, RevokeAssociatedSessions: 'NONE' });
}
