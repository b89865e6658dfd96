import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { ConfigErrorScreen } from './app/ConfigErrorScreen.tsx';
import { createAuthClient, createCookieStorage } from './cognito/index.ts';
import { loadConfig } from './config/config.ts';

const root = createRoot(document.getElementById('root')!);

try {
  const config = await loadConfig();
  const client = createAuthClient({
    config,
    storage: config.tokenStore === 'cookie' ? createCookieStorage({ secure: location.protocol === 'https:' || location.hostname === 'localhost' }) : undefined,
  });
  // Fetch the SDK while the customer types, not after they press "Sign in".
  void client.preload();
  const mailboxUrl = import.meta.env.DEV && config.endpoint ? `${config.endpoint}/_emulator/` : undefined;
  root.render(
    <StrictMode>
      <App client={client} config={config} mailboxUrl={mailboxUrl} />
    </StrictMode>,
  );
} catch (error) {
  console.error('The app could not start:', error);
  root.render(<ConfigErrorScreen />);
}
