/**
 * One scenario on the real screens: the real machine with a scripted client
 * (machines/authenticator/scenarios.ts), brought to the scenario's route
 * before anything shows, then left to the designer. Every transition is
 * posted to the studio around the frame (bridge.ts); `?inspect` attaches the
 * Stately inspector as well.
 */
import { DirectionProvider, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { createActor } from 'xstate';
import { arrive, scenarioInput, scriptedMachine, type Scenario } from '../../machines/authenticator/scenarios.ts';
import { theme } from '../app/theme.ts';
import { Authenticator, AuthScreensProvider, devInspector, SignedInPlaceholder, type AuthActor } from '../authenticator/index.ts';
import { directionOf, LanguageProvider, type Language } from '../i18n/index.ts';
import { STUDIO_SOURCE, stepOf, type StudioMessage } from './bridge.ts';
import type { Scheme } from './frameUrl.ts';

/** To the studio around this frame, if there is one (same origin only). */
function post(message: StudioMessage): void {
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Starts the scenario's machine and brings it to the scenario's state. */
export async function startScenario(scenario: Scenario) {
  post({ source: STUDIO_SOURCE, type: 'start', scenario: scenario.name, at: Date.now() });
  const stately = devInspector();
  const actor = createActor(scriptedMachine(scenario), {
    input: scenarioInput(scenario),
    inspect: (inspection) => {
      stately?.(inspection);
      const step = stepOf(inspection);
      if (step) post(step);
    },
  });
  actor.start();
  await arrive(actor, scenario, nextTask);
  return actor;
}

export interface ScenarioFrameProps {
  scenario: Scenario;
  actor: AuthActor;
  language: Language;
  scheme: Scheme;
}

export function ScenarioFrame({ scenario, actor, language, scheme }: ScenarioFrameProps) {
  // For the pictures and the tests: which scenario's first screen is on the page.
  useEffect(() => {
    document.documentElement.dataset.scenarioReady = `${scenario.name} ${language} ${scheme}`;
    // The frame is its own page: in the scenario's language, right to left where it is written so.
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    return () => void delete document.documentElement.dataset.scenarioReady;
  }, [scenario, language, scheme]);
  return (
    <DirectionProvider key={language} initialDirection={directionOf(language)}>
      <MantineProvider theme={theme} forceColorScheme={scheme}>
        <LanguageProvider initialLanguage={language}>
          {/* The passkey screen stays as the scenario left it: a designer opens the prompt with its button. */}
          <AuthScreensProvider actor={actor} settings={scenario.settings}>
            <Authenticator>
              <SignedInPlaceholder />
            </Authenticator>
          </AuthScreensProvider>
        </LanguageProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

/** A scenario name nobody wrote. */
export function UnknownScenario({ name }: { name: string }) {
  return (
    <MantineProvider theme={theme}>
      <main>
        <Stack p="xl" align="flex-start">
          <Title order={1}>No scenario called “{name}”</Title>
          <Text>
            The studio lists them all: <a href="/studio">/studio</a>.
          </Text>
        </Stack>
      </main>
    </MantineProvider>
  );
}
