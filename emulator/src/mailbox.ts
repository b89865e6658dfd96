import type { OutboxMessage } from './state.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page a person can keep open beside the app to read the codes the pool "sent". */
export function mailboxPage(messages: OutboxMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) => `<tr><td>${escape(m.at)}</td><td>${escape(m.to)}</td><td>${escape(m.kind)}</td><td><code>${escape(m.code)}</code></td></tr>`,
    )
    .join('\n');
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
</style>
</head>
<body>
<h1>Test pool mailbox</h1>
<p>Messages the local Cognito test pool would have e-mailed or texted, newest first. This page refreshes every 5 seconds.</p>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Sent</th><th>To</th><th>Kind</th><th>Code</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body>
</html>`;
}
