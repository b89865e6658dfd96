import type { SessionEvent } from '../cognito/index.ts';
import type { MessageKey } from '../i18n/index.ts';

/**
 * What the sign-in card says about how the customer got back to it, when they did not simply sign out: a sentence
 * in a status above the form (not an error: nothing went wrong). Gone once the customer moves on to another screen.
 */
export type CardNotice = 'passwordChanged' | 'signedOutEverywhere' | 'accountDeleted' | 'signedOutElsewhere';

export const NOTICE_WORDS: Record<CardNotice, MessageKey> = {
  passwordChanged: 'passwordChangedNotice',
  signedOutEverywhere: 'signedOutEverywhereNotice',
  accountDeleted: 'accountDeletedNotice',
  signedOutElsewhere: 'signedOutElsewhereNotice',
};

/** A refresh the pool refused because the session was revoked: ended from another browser, everywhere, or by an administrator. */
export const revokedRefresh = (event: SessionEvent): boolean =>
  event.type === 'tokenRefreshFailure' && event.error.message === 'Refresh Token has been revoked';

/**
 * The notice a sign-out heard while signed in calls for. Another tab's sign-out, or a call that found the session
 * revoked (a "Sign out of all devices" elsewhere), is news; this tab's own "Sign out of all devices" and account
 * deletion are confirmed; a plain sign-out needs no words.
 */
export function noticeOfSignOut(event: SessionEvent): CardNotice | undefined {
  if (revokedRefresh(event)) return 'signedOutElsewhere';
  if (event.type !== 'signedOut') return undefined;
  if (event.fromOtherTab) return 'signedOutElsewhere';
  switch (event.reason) {
    case 'everywhere':
      return 'signedOutEverywhere';
    case 'deleted':
      return 'accountDeleted';
    case 'revoked':
      return 'signedOutElsewhere';
    default:
      return undefined;
  }
}

/** The card's notice, shared between the provider (which hears the session) and the card (which shows it). */
export interface NoticeStore {
  get: () => CardNotice | undefined;
  set: (notice: CardNotice | undefined) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createNoticeStore(): NoticeStore {
  let current: CardNotice | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (notice) => {
      if (notice === current) return;
      current = notice;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
