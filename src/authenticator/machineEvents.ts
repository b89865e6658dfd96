import type { AuthEvent } from '../../machines/authenticator/index.ts';
import type { SessionEvent } from '../cognito/index.ts';
import { revokedRefresh } from './cardNotice.ts';
import { sessionUser } from './signInStep.ts';

/**
 * The client's session events as the machine's. This tab's own sign-in is
 * not one: the call that made it answers the machine. A sign-out counts from
 * anywhere, this tab's included (a refresh that found no refresh token, a
 * deleted account): the session is gone either way.
 */
export function machineEventOf(event: SessionEvent): AuthEvent | undefined {
  switch (event.type) {
    case 'signedIn':
      return event.fromOtherTab ? { type: 'SIGNED_IN_ELSEWHERE', user: sessionUser(event.user) } : undefined;
    case 'signedOut':
      return { type: 'SIGNED_OUT_ELSEWHERE' };
    case 'tokenRefreshFailure':
      // Refused as revoked: the customer was signed out from another browser (the Account page), everywhere, or by an
      // administrator. Nothing went wrong here: the card says so in its notice (cardNotice.ts), not as an error.
      return revokedRefresh(event)
        ? { type: 'SIGNED_OUT_ELSEWHERE' }
        : { type: 'SESSION_EXPIRED', error: { name: event.error.name, message: event.error.message } };
    default:
      return undefined;
  }
}
