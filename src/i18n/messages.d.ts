// The locales with a catalogue file in messages/, as the build found them (scripts/vite/messages.ts).
declare module 'virtual:catalogue-locales' {
  const locales: readonly string[];
  export default locales;
}
// A catalogue part compiled by scripts/vite/messages.ts: its messages, ready for @lingui/core.
declare module '*.json?messages=signin' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=signin&pseudo' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=app&pseudo' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=screens&pseudo' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=pages&pseudo' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=screens' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=app' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=pages' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=exceptions&pseudo' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=arriving' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?messages=arriving&pseudo' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
