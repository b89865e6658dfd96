/**
 * The studio's page (development only; the dev server answers /studio and
 * ?scenario=<name> with it, scripts/vite/studio.ts): the studio itself, or
 * one scenario on the real screens, usually inside the studio's frame.
 */
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { scenarioNamed } from '../../machines/authenticator/scenarios.ts';
import { readFrameOptions } from './frameUrl.ts';
import { ScenarioFrame, startScenario, UnknownScenario } from './ScenarioFrame.tsx';

const root = createRoot(document.getElementById('root')!);
const frame = readFrameOptions(window.location.search);

if (frame) {
  const scenario = scenarioNamed(frame.scenario);
  if (scenario) {
    document.title = `${scenario.name} · Authenticator studio`;
    const actor = await startScenario(scenario);
    root.render(
      <StrictMode>
        <ScenarioFrame actor={actor} language={frame.language} scheme={frame.scheme} />
      </StrictMode>,
    );
  } else {
    root.render(<UnknownScenario name={frame.scenario} />);
  }
} else {
  const { StudioPage } = await import('./StudioPage.tsx');
  root.render(
    <StrictMode>
      <StudioPage />
    </StrictMode>,
  );
}
