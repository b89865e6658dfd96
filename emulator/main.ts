/**
 * `npm run emulator` — starts the local Cognito test pool.
 *
 *   --port <n>     port to listen on (default 9229, or $EMULATOR_PORT)
 *   --region <r>   region of the seeded pool (default eu-west-1)
 *   --quiet        no request log
 */
import { parseArgs } from 'node:util';
import { createEmulator } from './src/server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.EMULATOR_PORT ?? '9229' },
    region: { type: 'string', default: 'eu-west-1' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}

const started = performance.now();
const emulator = await createEmulator({
  port,
  region: values.region,
  log: values.quiet ? undefined : (line) => console.log(`[emulator] ${line}`),
}).catch((error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is already in use: is another emulator running?` : error);
  process.exit(1);
});

const { userPoolId, userPoolClientId } = emulator.config;
console.log(
  `Cognito test pool ready on ${emulator.url} in ${Math.round(performance.now() - started)} ms\n` +
    `  user pool ${userPoolId}, client ${userPoolClientId}\n` +
    `  mailbox   ${emulator.url}/_emulator/`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    emulator.close().finally(() => process.exit(0));
  });
}
