/**
 * /studio: every scenario, opened in a frame at desktop or mobile width, in
 * English or Spanish, light or dark, with the local inspector beside it and
 * the statechart under it. The choices live in the studio's own address, so
 * a link to /studio?open=verifyUser-several&lang=es shows the same thing.
 */
import { Anchor, Checkbox, Group, MantineProvider, NavLink, ScrollArea, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { authenticatorMachine } from '../../machines/authenticator/index.ts';
import { SCENARIOS } from '../../machines/authenticator/scenarios.ts';
import { theme } from '../app/theme.ts';
import { isLanguage, LANGUAGES, localeName, PSEUDO_LOCALE, type Language } from '../i18n/index.ts';
import { isStudioMessage, type StepMessage } from './bridge.ts';
import { frameUrl, type Scheme } from './frameUrl.ts';
import { Inspector } from './Inspector.tsx';
import { Statechart } from './Statechart.tsx';
import classes from './Studio.module.css';

export const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;

interface Choice {
  open: string;
  width: Width;
  language: Language;
  scheme: Scheme;
  stately: boolean;
}

function readChoice(): Choice {
  const query = new URLSearchParams(window.location.search);
  const open = query.get('open');
  const lang = query.get('lang');
  return {
    open: SCENARIOS.some((scenario) => scenario.name === open) ? open! : SCENARIOS[0]!.name,
    width: query.get('width') === 'mobile' ? 'mobile' : 'desktop',
    language: isLanguage(lang) ? lang : 'en',
    scheme: query.get('theme') === 'dark' ? 'dark' : 'light',
    stately: query.has('inspect'),
  };
}

/**
 * The routes with a screen, read from the machine in its own order: each
 * state's title (its meta, as people write it) and description. A new route
 * shows here as soon as the machine has it, scenarios or not.
 */
const ROUTES = Object.values(authenticatorMachine.root.states).flatMap((state) => {
  const title: unknown = (state.meta as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? [{ route: state.key, title, description: state.description ?? '' }] : [];
});

/** The frame's width, shrunk to fit the column (never enlarged). */
function useFitScale(frameWidth: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(frameWidth);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? frameWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [frameWidth]);
  return { ref, scale: Math.min(1, available / frameWidth) };
}

export function StudioPage() {
  const [choice, setChoice] = useState(readChoice);
  const [steps, setSteps] = useState<StepMessage[]>([]);
  const [startedAt, setStartedAt] = useState<number>();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const size = WIDTHS[choice.width];
  const { ref: columnRef, scale } = useFitScale(size.width);
  const scenario = SCENARIOS.find((candidate) => candidate.name === choice.open)!;
  const src = frameUrl({ scenario: choice.open, language: choice.language, scheme: choice.scheme, stately: choice.stately });

  const choose = (change: Partial<Choice>) => {
    const next = { ...choice, ...change };
    setChoice(next);
    const query = new URLSearchParams({ open: next.open, width: next.width, lang: next.language, theme: next.scheme });
    window.history.replaceState(null, '', `/studio?${query.toString()}${next.stately ? '&inspect' : ''}`);
  };

  useEffect(() => {
    const listen = (message: MessageEvent) => {
      if (message.origin !== window.location.origin || message.source !== frameRef.current?.contentWindow) return;
      if (!isStudioMessage(message.data)) return;
      const data = message.data;
      if (data.type === 'start') {
        setSteps([]);
        setStartedAt(data.at);
      } else if (data.type === 'step') setSteps((before) => [...before, data]);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  return (
    <MantineProvider theme={theme}>
      <div className={classes.page}>
        <nav className={classes.list} aria-label="Scenarios">
          <ScrollArea>
            <Stack gap={0} p="sm">
              <Title order={1} size="h3" mb="xs">
                Authenticator studio
              </Title>
              {ROUTES.map(({ route, title, description }) => (
                <section key={route} aria-label={title}>
                  <Text size="sm" fw={700} mt="sm" title={description}>
                    {title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                  {SCENARIOS.filter((candidate) => candidate.route === route).map((candidate) => (
                    <NavLink
                      key={candidate.name}
                      component="button"
                      label={candidate.name}
                      description={candidate.variant}
                      active={candidate.name === choice.open}
                      aria-current={candidate.name === choice.open ? 'true' : undefined}
                      onClick={() => choose({ open: candidate.name })}
                    />
                  ))}
                </section>
              ))}
            </Stack>
          </ScrollArea>
        </nav>
        <main className={classes.main}>
          <Group gap="md" mb="sm" align="center">
            <SegmentedControl
              aria-label="Width"
              value={choice.width}
              onChange={(width) => choose({ width })}
              data={[
                { value: 'desktop', label: `Desktop ${WIDTHS.desktop.width}` },
                { value: 'mobile', label: `Mobile ${WIDTHS.mobile.width}` },
              ]}
            />
            <SegmentedControl
              aria-label="Language"
              value={choice.language}
              onChange={(language) => choose({ language })}
              data={[...LANGUAGES, PSEUDO_LOCALE].map((language) => ({ value: language, label: localeName(language) }))}
            />
            <SegmentedControl
              aria-label="Colour scheme"
              value={choice.scheme}
              onChange={(scheme) => choose({ scheme })}
              data={[
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
              ]}
            />
            <Checkbox
              label="Stately inspector (online)"
              checked={choice.stately}
              onChange={(event) => choose({ stately: event.currentTarget.checked })}
            />
            <Anchor href={src} target="_blank" size="sm">
              Open alone
            </Anchor>
          </Group>
          <Text size="sm" mb="sm" data-testid="scenario-description">
            <strong>{scenario.name}</strong>: {scenario.description}
          </Text>
          <div ref={columnRef}>
            <div className={classes.frameBox} style={{ width: size.width * scale, height: size.height * scale }}>
              <iframe
                ref={frameRef}
                key={src}
                src={src}
                title={`Scenario ${choice.open}`}
                className={classes.frame}
                width={size.width}
                height={size.height}
                style={{ transform: `scale(${scale})` }}
              />
            </div>
          </div>
          <Statechart active={steps.at(-1)?.states ?? []} />
        </main>
        <aside className={classes.inspector}>
          <Inspector steps={steps} startedAt={startedAt} />
        </aside>
      </div>
    </MantineProvider>
  );
}
