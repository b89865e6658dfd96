// What Vitest's global setup (emulator/testing/vitestGlobalSetup.ts) hands to every test file.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the running emulator's /_emulator/config */
    emulator: { region: string; userPoolId: string; userPoolClientId: string; identityPoolId?: string; endpoint: string };
  }
}
