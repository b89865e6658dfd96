import { describe, expect, it } from 'vitest';
import { machineEventOf } from './machineEvents.ts';

const user = { username: 'ana', userId: 'sub-1', email: 'ana@example.com' };

describe('the session events the machine hears', () => {
  it("hears another tab's sign-in as signed in elsewhere, and not this tab's own", () => {
    expect(machineEventOf({ type: 'signedIn', user, fromOtherTab: true })).toEqual({ type: 'SIGNED_IN_ELSEWHERE', user });
    expect(machineEventOf({ type: 'signedIn', user, fromOtherTab: false })).toBeUndefined();
  });

  it('hears a sign-out from any tab, and a refresh that failed', () => {
    expect(machineEventOf({ type: 'signedOut', fromOtherTab: true })).toEqual({ type: 'SIGNED_OUT_ELSEWHERE' });
    expect(machineEventOf({ type: 'signedOut', fromOtherTab: false })).toEqual({ type: 'SIGNED_OUT_ELSEWHERE' });
    expect(machineEventOf({ type: 'tokenRefreshFailure', error: new Error('gone'), fromOtherTab: false })).toEqual({
      type: 'SESSION_EXPIRED',
      error: { name: 'Error', message: 'gone' },
    });
    expect(machineEventOf({ type: 'tokenRefreshed', fromOtherTab: true })).toBeUndefined();
  });

  it('takes a refresh refused as revoked for a sign-out from elsewhere, not an error', () => {
    const error = Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' });
    expect(machineEventOf({ type: 'tokenRefreshFailure', error, fromOtherTab: false })).toEqual({ type: 'SIGNED_OUT_ELSEWHERE' });
  });
});
