/**
 * The machine's config is type-checked end to end. Each case misspells one
 * kind of name (action, guard, actor, event, target), and `@ts-expect-error`
 * fails `npm run typecheck` if that line compiles; the same line spelt right
 * comes first and must compile. Built by `tsc -b` (tsconfig.machines.test.json);
 * nothing here runs.
 */
import { calling, checkedMachine, screen } from './machine.ts';

const context = { initialRoute: 'signIn', hideSignUp: false, openPasskeyPrompt: true } as const;
/** What a screen's route leads to besides itself: the dashboard (signed in elsewhere) and routing (an answer). */
const beyond = { authenticated: {}, transition: { initial: 'routing', states: { routing: {} } } } as const;
const route = {
  title: 't',
  description: 'd',
  waiting: 'w',
  pending: 'p',
  flow: 'resetPassword',
  input: () => ({ username: 'ana' }),
} as const;

// An action, in a screen's route and in a machine's state.
screen({ ...route, on: { SIGN_IN: { actions: 'clearError' } } });
// @ts-expect-error: there is no action "clearEror"
screen({ ...route, on: { SIGN_IN: { actions: 'clearEror' } } });
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { entry: 'forgetFlow' } } });
// @ts-expect-error: there is no action "forgetFlw"
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { entry: 'forgetFlw' } } });

// A guard, by name and with its parameters.
screen({ ...route, on: { SIGN_UP: { guard: 'signUpShown' } } });
// @ts-expect-error: there is no guard "signUpShwn"
screen({ ...route, on: { SIGN_UP: { guard: 'signUpShwn' } } });
screen({ ...route, on: { SIGN_UP: { guard: { type: 'stepIs', params: { step: 'SIGN_UP_COMPLETE' } } } } });
// @ts-expect-error: there is no step "SIGN_UP_COMPLET"
screen({ ...route, on: { SIGN_UP: { guard: { type: 'stepIs', params: { step: 'SIGN_UP_COMPLET' } } } } });

// An actor, through the helper and in an invocation written out.
calling('resetPassword', 'd', {});
// @ts-expect-error: there is no actor "resetPasword"
calling('resetPasword', 'd', {});
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { invoke: { src: 'signOut' } } } });
// @ts-expect-error: there is no actor "signOot"
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { invoke: { src: 'signOot' } } } });

// An event, in a screen's route and in a machine's state.
screen({ ...route, on: { SIGN_IN: {} } });
// @ts-expect-error: there is no event "SIGN_INN"
screen({ ...route, on: { SIGN_INN: {} } });
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { on: { SIGN_OUT: 'b' } }, b: {} } });
// @ts-expect-error: there is no event "SIGN_OUTT"
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { on: { SIGN_OUTT: 'b' } }, b: {} } });

// A target: a sibling, a state by id, a screen's own states, an initial state.
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { on: { SKIP: 'b' } }, b: {} } });
// @ts-expect-error: there is no state "c"
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { on: { SKIP: 'c' } }, b: {} } });
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { on: { SKIP: { target: '#authenticator.b' } } }, b: {} } });
// @ts-expect-error: there is no state "#authenticator.c"
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: { on: { SKIP: { target: '#authenticator.c' } } }, b: {} } });
checkedMachine({
  id: 'authenticator',
  context,
  initial: 'a',
  states: { a: screen({ ...route, on: { SKIP: { target: 'pending' } } }), ...beyond },
});
// @ts-expect-error: a screen's states are idle and pending (and its own), not "pendng"
checkedMachine({
  id: 'authenticator',
  context,
  initial: 'a',
  states: { a: screen({ ...route, on: { SKIP: { target: 'pendng' } } }), ...beyond },
});
checkedMachine({ id: 'authenticator', context, initial: 'a', states: { a: {} } });
// @ts-expect-error: the initial state "b" is not one of the states
checkedMachine({ id: 'authenticator', context, initial: 'b', states: { a: {} } });
