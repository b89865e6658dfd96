/**
 * The studio's page (development only; the dev server answers /studio and
 * ?scenario=<name> with it, scripts/vite/studio.ts): the studio itself, or
 * one scenario on the real screens, usually inside the studio's frame. A
 * scenario page opens another scenario without reloading when the page
 * itself or the studio around it posts `{ source, type: 'open', options }`
 * (the pictures are taken that way: a reload costs the dev server's two
 * hundred modules again).
 */
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { scenarioNamed } from '../../machines/authenticator/scenarios.ts';
import { isStudioMessage } from './bridge.ts';
import { frameUrl, readFrameOptions, type FrameOptions } from './frameUrl.ts';
import { ScenarioFrame, startScenario, UnknownScenario } from './ScenarioFrame.tsx';

const element = document.getElementById('root')!;
let root: Root = createRoot(element);
let opened = 0;

async function open(options: FrameOptions): Promise<void> {
  const turn = ++opened;
  const scenario = scenarioNamed(options.scenario);
  if (!scenario) {
    root.render(<UnknownScenario name={options.scenario} />);
    return;
  }
  const actor = await startScenario(scenario);
  // A newer request came in while this one was arriving: it wins.
  if (turn !== opened) return void actor.stop();
  root.unmount();
  root = createRoot(element);
  document.title = `${scenario.name} · Authenticator studio`;
  root.render(
    <StrictMode>
      <ScenarioFrame scenario={scenario} actor={actor} language={options.language} scheme={options.scheme} />
    </StrictMode>,
  );
}

const frame = readFrameOptions(window.location.search);
if (frame) {
  await open(frame);
  window.addEventListener('message', (message: MessageEvent) => {
    if (message.origin !== window.location.origin || !isStudioMessage(message.data) || message.data.type !== 'open') return;
    const options = message.data.options;
    window.history.replaceState(null, '', frameUrl(options));
    void open(options);
  });
} else {
  const { StudioPage } = await import('./StudioPage.tsx');
  root.render(
    <StrictMode>
      <StudioPage />
    </StrictMode>,
  );
}
