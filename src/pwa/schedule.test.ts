import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, scheduleRegistration, whenStable, type Timers } from './schedule.ts';

/** Fake timers, with an idle main thread 50 ms after it is asked for (or never, when busy). */
function fakeTimers(options: { busy?: boolean } = {}): Timers {
  return {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    requestIdleCallback: (callback) => {
      if (!options.busy) setTimeout(callback, 50);
    },
  };
}

/** A promise and the function that settles it, for "the first screen has shown". */
function firstScreen() {
  let show!: () => void;
  const shown = new Promise<void>((resolve) => (show = resolve));
  return { shown, show };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waiting for the app to be stable', () => {
  it('is over once the first screen has shown and the main thread is idle', async () => {
    const screen = firstScreen();
    const stable = whenStable(screen.shown, fakeTimers());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(stable)).toBe(false);
    screen.show();
    await vi.advanceTimersByTimeAsync(49);
    expect(await settled(stable)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stable).resolves.toBe('stable');
  });

  it('gives up after 30000 ms when the first screen never shows', async () => {
    const stable = whenStable(firstScreen().shown, fakeTimers());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await settled(stable)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stable).resolves.toBe('timeout');
  });

  it('gives up after 30000 ms when the main thread never goes idle', async () => {
    const screen = firstScreen();
    screen.show();
    const stable = whenStable(screen.shown, fakeTimers({ busy: true }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await settled(stable)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stable).resolves.toBe('timeout');
  });
});

describe('debouncing', () => {
  it('runs the first call at once and drops the calls that follow within 300 ms of each other', async () => {
    const run = vi.fn();
    const request = debounce(run, fakeTimers());
    request();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(299);
      request();
    }
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs again for a call more than 300 ms after the last one', async () => {
    const run = vi.fn();
    const request = debounce(run, fakeTimers());
    request();
    await vi.advanceTimersByTimeAsync(200);
    request();
    await vi.advanceTimersByTimeAsync(299);
    request();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    request();
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('scheduling the registration', () => {
  it('registers once when the app becomes stable, and not again for requests within 300 ms', async () => {
    const register = vi.fn();
    const screen = firstScreen();
    const request = scheduleRegistration(screen.shown, register, fakeTimers());
    screen.show();
    await vi.advanceTimersByTimeAsync(49);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(1);
    request();
    await vi.advanceTimersByTimeAsync(250);
    request();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers at 30000 ms when the app never becomes stable', async () => {
    const register = vi.fn();
    scheduleRegistration(firstScreen().shown, register, fakeTimers());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
