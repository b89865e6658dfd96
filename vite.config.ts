import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * In development the app reads its pool from `/config.json`. Unless a real
 * pool is configured through VITE_USER_POOL_ID, the dev server answers that
 * file with the local test pool's own `/_emulator/config`, so there is no
 * manual step between starting the emulator and signing in.
 */
function testPoolConfig(): Plugin {
  const emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:9229';
  return {
    name: 'test-pool-config',
    apply: 'serve',
    configureServer(server) {
      if (process.env.VITE_USER_POOL_ID) return;
      server.middlewares.use('/config.json', (_req, res) => {
        fetch(`${emulatorUrl}/_emulator/config`)
          .then(async (answer) => {
            res.statusCode = answer.status;
            res.setHeader('content-type', 'application/json');
            res.setHeader('cache-control', 'no-store');
            res.end(await answer.text());
          })
          .catch(() => {
            res.statusCode = 503;
            res.setHeader('content-type', 'text/plain');
            res.end(`The Cognito test pool at ${emulatorUrl} is not answering. Start it with "npm start".`);
          });
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), testPoolConfig()],
  // Keep the test pool's banner (printed first by npm start) on screen.
  clearScreen: false,
  // One dependency cache per port: dev servers running side by side (the app
  // and the e2e suite's) must not re-bundle each other's dependencies.
  cacheDir: `node_modules/.vite/${process.env.APP_PORT ?? 'default'}`,
  // Find every dependency of every lazily loaded page at start-up: a dependency
  // discovered later makes the dev server re-bundle and reload, and a page
  // that was being fetched at that moment fails to load.
  optimizeDeps: {
    entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'],
  },
  server: {
    port: Number(process.env.APP_PORT ?? 5173),
    strictPort: true,
  },
  preview: {
    port: Number(process.env.APP_PORT ?? 4173),
    strictPort: true,
  },
  build: {
    target: 'es2022',
  },
});
