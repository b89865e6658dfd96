import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { isPending, redactSecrets, routeOf, type AuthenticatorInput, type AuthState } from '../../machines/authenticator/index.ts';
import { retryable } from '../chunks/retryable.ts';
import type { AuthClient } from '../cognito/index.ts';
import { createNoticeStore, noticeOfSignOut, type CardNotice, type NoticeStore } from './cardNotice.ts';
import { focusPageHeadingWhenShown } from './focus.ts';
import { machineEventOf } from './machineEvents.ts';
import { resolveSettings, type AuthSettings, type ResolvedAuthSettings } from './settings.ts';
import { createSnapshotView, type SnapshotSource } from './snapshotView.ts';
import { createStartingActor, type AuthActor } from './startingActor.ts';

export type { AuthActor };

/** XState, the machine and its actors: fetched once the first screen is up (startingActor.ts). */
const importMachine = retryable(() => import('./machineActor.ts'));

const AuthActorContext = createContext<AuthActor | null>(null);
/** The actor's state as the screens draw it (snapshotView.ts). */
const SnapshotViewContext = createContext<SnapshotSource | null>(null);
const SettingsContext = createContext<ResolvedAuthSettings>(resolveSettings());
/**
 * The e-mail last typed on any screen, so "Forgot your password?" or the
 * other tab starts with it. The machine keeps the login only once a form is
 * sent; this covers the e-mail typed and not sent yet. Memory only.
 */
const EmailDraftContext = createContext<{ current?: string }>({});
/** What the sign-in card says about how the customer came back to it (cardNotice.ts). */
const NoticeContext = createContext<NoticeStore>(createNoticeStore());

export interface AuthProviderProps {
  client: AuthClient;
  /** the machine's start: first route, sign-up hidden */
  options?: AuthenticatorInput;
  /** what the screens show: TOTP issuer, federated providers, sign-up attributes, the test pool's mailbox */
  settings?: AuthSettings;
  children: ReactNode;
}

/**
 * Starts the one authenticator actor of the app and shares it with every
 * screen. Once mounted it fetches the machine's code and starts the machine,
 * which reads the stored session then (startingActor.ts: where none is stored,
 * the first screen shows meanwhile). It passes the client's session events
 * on: a sign-in or sign-out in another tab, and a token refresh that failed.
 * It also holds the screens' settings; the language comes from the app's
 * LanguageProvider (src/i18n).
 */
export function AuthProvider({ client, options, settings, children }: AuthProviderProps) {
  const [inspect] = useState(devInspector);
  const [actor] = useState(() =>
    createStartingActor({
      input: options ?? {},
      signedOut: client.startsSignedOut(),
      load: () =>
        importMachine().then(
          ({ startMachine }) =>
            (input) =>
              startMachine(client, input, inspect),
        ),
    }),
  );
  const [notices] = useState(createNoticeStore);
  useEffect(() => {
    actor.start();
    return () => actor.stop();
  }, [actor]);
  // Signed in from a screen (not a session read at start-up): the keyboard goes to the new page's heading.
  useEffect(() => {
    let previous = routeOf(actor.getSnapshot());
    let stop = () => {};
    const subscription = actor.subscribe((snapshot) => {
      const route = routeOf(snapshot);
      if (route === 'authenticated' && previous !== 'authenticated' && previous !== 'idle' && previous !== 'setup') {
        stop();
        stop = focusPageHeadingWhenShown();
      }
      previous = route;
    });
    return () => {
      subscription.unsubscribe();
      stop();
    };
  }, [actor]);
  useEffect(
    () =>
      client.onSessionEvent((event) => {
        // Only a session that was showing ends with a notice: this tab's own sign-out has left it already.
        if (routeOf(actor.getSnapshot()) === 'authenticated') notices.set(noticeOfSignOut(event));
        const machineEvent = machineEventOf(event);
        if (machineEvent) actor.send(machineEvent);
      }),
    [client, actor, notices],
  );
  return (
    <AuthScreensProvider actor={actor} settings={settings} notices={notices} promptAnswered={client.passkeyPromptAnswered}>
      {children}
    </AuthScreensProvider>
  );
}

export interface AuthScreensProviderProps {
  /** a running authenticator actor: the app's own (AuthProvider), or one the studio scripts (src/studio) */
  actor: AuthActor;
  settings?: AuthSettings;
  /** the card's notice (the app's provider sets it from the session's events); a store of its own otherwise */
  notices?: NoticeStore;
  /** whether the browser's passkey prompt has handed over its credential (snapshotView.ts); the app's client says */
  promptAnswered?: () => boolean;
  children: ReactNode;
}

/** Shares an authenticator actor and the screens' settings with every screen below. */
export function AuthScreensProvider({ actor, settings, notices, promptAnswered, children }: AuthScreensProviderProps) {
  // Compared by content, so a parent that rebuilds equal settings on each render does not re-render every screen.
  const settingsKey = JSON.stringify(settings ?? {});
  const resolved = useMemo(() => resolveSettings(JSON.parse(settingsKey) as AuthSettings), [settingsKey]);
  const [emailDraft] = useState<{ current?: string }>({});
  const [ownNotices] = useState(createNoticeStore);
  const view = useMemo(() => createSnapshotView(actor, undefined, promptAnswered), [actor, promptAnswered]);
  return (
    <AuthActorContext value={actor}>
      <SnapshotViewContext value={view}>
        <SettingsContext value={resolved}>
          <EmailDraftContext value={emailDraft}>
            <NoticeContext value={notices ?? ownNotices}>{children}</NoticeContext>
          </EmailDraftContext>
        </SettingsContext>
      </SnapshotViewContext>
    </AuthActorContext>
  );
}

/**
 * In development only, `?inspect` in the URL or VITE_INSPECT=1 opens the
 * Stately inspector (a window on stately.ai) on the running machine, with
 * passwords, codes and secrets redacted. The inspector is imported on demand
 * inside a DEV-only branch, so none of it reaches the production bundle.
 */
export function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (import.meta.env.DEV) {
    const wanted = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
    if (!wanted) return undefined;
    // Events from before the inspector has loaded are kept and replayed, so the window shows the start-up too.
    const early: InspectionEvent[] = [];
    let forward: ((event: InspectionEvent) => void) | undefined;
    import('@statelyai/inspect')
      .then(({ createBrowserInspector }) => {
        const inspector = createBrowserInspector({ serialize: redactSecrets });
        forward = (event) => inspector.inspect.next?.(event);
        for (const event of early.splice(0)) forward(event);
      })
      .catch((error: unknown) => console.error('The state inspector could not start:', error));
    return (event) => (forward ? forward(event) : void early.push(event));
  }
  return undefined;
}

export function useAuthActor(): AuthActor {
  const actor = use(AuthActorContext);
  if (!actor) throw new Error('useAuthActor must be used inside <AuthProvider>.');
  return actor;
}

/** Subscribes to one slice of the machine's state, as the screens draw it (snapshotView.ts). */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  const view = use(SnapshotViewContext);
  if (!view) throw new Error('useAuth must be used inside <AuthProvider>.');
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = view.subscribe(changed);
      return () => subscription.unsubscribe();
    },
    [view],
  );
  const read = useMemo(() => readerOf(view, selector), [view, selector]);
  return useSyncExternalStore(subscribe, read);
}

/** Reads `selector`'s slice of the view's state, once per state: React may ask twice for the same one, and must get the same answer. */
function readerOf<T>(view: SnapshotSource, selector: (state: AuthState) => T): () => T {
  let last: { state: AuthState; slice: T } | undefined;
  return () => {
    const state = view.getSnapshot();
    if (last?.state !== state) last = { state, slice: selector(state) };
    return last.slice;
  };
}

export const useRoute = () => useAuth(routeOf);
/** The screens' settings, defaults filled in. */
export const useAuthSettings = (): ResolvedAuthSettings => use(SettingsContext);
export const useEmailDraft = () => use(EmailDraftContext);
export const usePending = () => useAuth(isPending);

/**
 * The sign-in card's notice: one the session's end left (cardNotice.ts), or, on the sign-in screen a password
 * reset led to, that the password is changed. `clear` once the customer moves on.
 */
export function useCardNotice(): { notice: CardNotice | undefined; clear: () => void } {
  const store = use(NoticeContext);
  const stored = useSyncExternalStore(store.subscribe, store.get);
  const reset = useAuth((s) => routeOf(s) === 'signIn' && s.context.step === 'RESET_PASSWORD_COMPLETE');
  const clear = useCallback(() => store.set(undefined), [store]);
  return { notice: reset ? 'passwordChanged' : stored, clear };
}
