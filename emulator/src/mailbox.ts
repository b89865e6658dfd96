import type { OutboxMessage, PoolMfa } from './state.ts';

/** The seeded pool's features a person may switch on from the mailbox page (`/_emulator/pool`). */
export interface PoolFeatures {
  mfa: PoolMfa;
  deviceTracking: boolean;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mailbox page's one script (served as a file: the page's policy allows no inline script): the switches' buttons. */
export const MAILBOX_SCRIPT = `for (const button of document.querySelectorAll('button[data-change]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    const answer = await fetch('/_emulator/pool', { method: 'POST', headers: { 'content-type': 'application/json' }, body: button.dataset.change });
    if (!answer.ok) alert((await answer.json()).message);
    location.reload();
  });
}
`;

/** One switch: what it is, whether it is on, and the change its button asks for (a JSON body for /_emulator/pool). */
function featureSwitch(label: string, on: boolean, what: string, change: Partial<Record<keyof PoolFeatures, unknown>>): string {
  return `<li><strong>${escape(label)}</strong>: ${on ? 'on' : 'off'}. ${escape(what)}
<button type="button" data-change="${escape(JSON.stringify(change))}">${on ? 'Turn off' : 'Turn on'}</button></li>`;
}

/** A page a person can keep open beside the app to read the codes the pool "sent", and to try the pool's features (`factors`: the second factors the pool has, in words). */
export function mailboxPage(messages: OutboxMessage[], features: PoolFeatures, factors: readonly string[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) => `<tr><td>${escape(m.at)}</td><td>${escape(m.to)}</td><td>${escape(m.kind)}</td><td><code>${escape(m.code)}</code></td></tr>`,
    )
    .join('\n');
  const mfaOn = features.mfa !== 'OFF';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="5">
<title>Test pool mailbox</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem; color: #1f2937; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .8rem; border-bottom: 1px solid #e5e7eb; }
code { font-size: 1.15em; letter-spacing: .08em; }
li { margin: .4rem 0; }
button { font: inherit; margin-left: .5rem; padding: .2rem .8rem; min-height: 24px; }
</style>
</head>
<body>
<h1>Test pool mailbox</h1>
<p>Messages the local Cognito test pool would have e-mailed or texted, newest first. This page refreshes every 5 seconds.</p>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Sent</th><th>To</th><th>Kind</th><th>Code</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
<h2>Try more of the app</h2>
<p>The pool starts as the product's does, with two-step verification off. Switch these on to see the Account page's two-step section and remembered devices; reload the app afterwards.</p>
<ul>
${featureSwitch('Two-step verification', mfaOn, `${mfaOn ? `Customers may turn it on (${features.mfa.toLowerCase()})` : 'Optional for customers when on'}: ${factors.join(', ') || 'no factor is configured'}.`, { mfa: mfaOn ? 'OFF' : 'OPTIONAL' })}
${featureSwitch('Remembered devices', features.deviceTracking, 'When on, the app asks after sign-in whether to remember the device, and a remembered one skips the second step.', { deviceTracking: !features.deviceTracking })}
</ul>
<script src="/_emulator/mailbox.js"></script>
</body>
</html>`;
}
