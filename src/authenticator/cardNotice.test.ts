import { describe, expect, it } from 'vitest';
import { createNoticeStore, noticeOfSignOut } from './cardNotice.ts';

describe("the sign-in card's notice after a session ended", () => {
  it('names what happened: all devices, a deleted account, a sign-out from elsewhere; nothing for a plain sign-out', () => {
    expect(noticeOfSignOut({ type: 'signedOut', reason: 'everywhere', fromOtherTab: false })).toBe('signedOutEverywhere');
    expect(noticeOfSignOut({ type: 'signedOut', reason: 'deleted', fromOtherTab: false })).toBe('accountDeleted');
    expect(noticeOfSignOut({ type: 'signedOut', reason: 'revoked', fromOtherTab: false })).toBe('signedOutElsewhere');
    expect(noticeOfSignOut({ type: 'signedOut', fromOtherTab: true })).toBe('signedOutElsewhere');
    // A refresh the pool refused as revoked: the session was ended from another browser, or by an administrator.
    const revoked = Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' });
    expect(noticeOfSignOut({ type: 'tokenRefreshFailure', error: revoked, fromOtherTab: false })).toBe('signedOutElsewhere');
    expect(noticeOfSignOut({ type: 'tokenRefreshFailure', error: new Error('Network error'), fromOtherTab: false })).toBeUndefined();
    expect(noticeOfSignOut({ type: 'signedOut', fromOtherTab: false })).toBeUndefined();
    expect(noticeOfSignOut({ type: 'tokenRefreshed', fromOtherTab: false })).toBeUndefined();
  });

  it('keeps one notice at a time and tells its listeners of each change', () => {
    const store = createNoticeStore();
    const heard: unknown[] = [];
    const stop = store.subscribe(() => heard.push(store.get()));
    store.set('accountDeleted');
    store.set('accountDeleted');
    store.set(undefined);
    stop();
    store.set('signedOutElsewhere');
    expect(heard).toEqual(['accountDeleted', undefined]);
    expect(store.get()).toBe('signedOutElsewhere');
  });
});
