/**
 * Resolves in a later task, so that the browser can take input and draw in between: work done ahead while the form
 * idles (the SDK's warm-up, the sign-in's ephemeral) is cut into short tasks this way rather than held in one long
 * one, which would hold back a press or a keystroke that came meanwhile (issue 30). `scheduler.yield` where the
 * browser has it (its continuation goes before other waiting tasks, after input), a timer otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
