/**
 * Where the main thread's time goes (issue 30): a cold visit of an app (the
 * project or the Amplify reference app, both built by `npm run
 * bench:compare`) under a profile, with a Chromium performance trace. The
 * visit is a password sign-in pressed as soon as the form takes input
 * (`--path password`), "E-mail me a code" pressed once the form is idle and
 * the code submitted once it has arrived (`--path code`), or "Sign in with a
 * passkey" pressed once the form is idle, Chromium's virtual authenticator
 * holding a passkey registered beforehand (`--path passkey`). It prints,
 * for each phase of the visit (to the first Cognito request, the calls, for a
 * passkey the prompt between its two calls, the last answer to the next
 * screen), the wall time, the main thread's busy time by kind of work, the
 * built files whose functions ran longest, and the JS and CSS fetched, in
 * waves; and it writes the trace, which DevTools' Performance panel opens.
 *
 *   npm run bench:trace [-- --app project|amplify --profile mobile|loopback --path password|code|passkey --runs 3]
 *
 * The busy time is the self time of the renderer main thread's trace events
 * (a parent's time less its children's), so nothing is counted twice. With
 * several runs, each figure is the median of the runs and the trace written
 * is the last run's. Ports: BENCH_APP_PORT (4471), BENCH_AMPLIFY_PORT (4472),
 * BENCH_EMULATOR_PORT (9471), as bench:compare's builds name them.
 */
import type { Browser } from '@playwright/test';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestPool } from '../e2e/testPool.ts';
import { AMPLIFY_OUT_DIR } from './amplify/vite.config.ts';
import {
  amplifyApp,
  CODE_FIELD,
  outboxCode,
  readyForPasswordless,
  type AppUnderTest,
  awaitMark,
  cognitoRequests,
  lastMark,
  openPage,
  type PageRecord,
  pressAtOnce,
  PROFILE_WORDS,
  type ProfileName,
  projectApp,
  read,
} from './compareApps.ts';
import { type BenchPasskey, holdPasskey, registerPasskey } from './passkey.ts';
import {
  BENCH_PASSWORD,
  launchChromium,
  median,
  ms,
  ROOT,
  startAmplifyPreview,
  startTestPool,
  startVite,
  stop,
  waitFor,
} from './servers.ts';

const { values } = parseArgs({
  options: {
    app: { type: 'string', default: 'project' },
    profile: { type: 'string', default: 'mobile' },
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: 'password' },
  },
});
if (values.path !== 'password' && values.path !== 'code' && values.path !== 'passkey')
  throw new Error(`--path takes password, code or passkey, got "${values.path}".`);
const PATH: 'password' | 'code' | 'passkey' = values.path;
if (values.app !== 'project' && values.app !== 'amplify') throw new Error(`--app takes project or amplify, got "${values.app}".`);
if (values.profile !== 'mobile' && values.profile !== 'loopback')
  throw new Error(`--profile takes mobile or loopback, got "${values.profile}".`);
const RUNS = Math.max(1, Number(values.runs));
const PROFILE: ProfileName = values.profile;

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4471);
const AMPLIFY_PORT = Number(process.env.BENCH_AMPLIFY_PORT ?? 4472);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 9471);
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

/** A Chrome trace event, as far as this reads it. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    data?: {
      documentLoaderURL?: string;
      isOutermostMainFrame?: boolean;
      /** the sampling profiler's: its start, and in each chunk its new call-tree nodes and samples */
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: { url: string } }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** Kinds of main-thread work, by the trace events' names (what is not named here counts as "other"). */
const KINDS: [kind: string, names: RegExp][] = [
  [
    'script: compile',
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|CacheScript|v8\.produceModuleCache|v8\.produceCache)$/,
  ],
  [
    'script: run',
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|v8\.run|V8\.Execute|RunMicrotasks|BlinkScheduler_PerformMicrotaskCheckpoint|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|XHRReadyStateChange|v8\.callFunction|V8\.BytecodeBudgetInterrupt|V8\.StackGuard)$/,
  ],
  ['garbage collection', /GC|^V8\.GC/],
  ['HTML and CSS parsing', /^(ParseHTML|ParseAuthorStyleSheet)$/],
  [
    'style and layout',
    /^(UpdateLayoutTree|Layout|RecalcStyle|InvalidateLayout|ScheduleStyleRecalculation|HitTest|IntersectionObserverController::computeIntersections)$/,
  ],
  ['paint and composite', /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode Image|RasterTask)$/],
  [
    'the document and its script context',
    /^(DocumentLoader::|NavigationBodyLoader::|LocalWindowProxy::|DecodedDataDocumentParser::|HTMLDocumentParser::)/,
  ],
  [
    'messages from the browser (network answers, input)',
    /^(Receive mojo message|SimpleWatcher::OnHandleReady|ResourceLoadPriorityChange|ResourceReceivedData|ResourceFinish|ResourceReceiveResponse)/,
  ],
];
const kindOf = (name: string) => KINDS.find(([, names]) => names.test(name))?.[0] ?? 'tasks not broken down by the trace';

interface Phase {
  words: string;
  from: number;
  to: number;
}

interface PhaseFigures {
  /** the built files the page fetched in the phase (their fetch ended in it): name, start and end on the page's clock */
  fetched: { file: string; start: number; end: number }[];
  wallMs: number;
  busyMs: number;
  byKind: Map<string, number>;
  byFile: Map<string, number>;
}

/** The page's navigation to `origin`: its renderer main thread (pid, tid) and its start. */
function navigationTo(events: TraceEvent[], origin: string): TraceEvent {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(origin) && event.args.data.isOutermostMainFrame,
  );
  if (!navigation) throw new Error(`The trace has no navigation to ${origin}.`);
  return navigation;
}

/** Self time of each complete event on one thread: its duration less its children's. */
function selfTimes(events: TraceEvent[]): { event: TraceEvent; self: number }[] {
  const complete = events.filter((event) => event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: { event: TraceEvent; self: number }[] = [];
  const open: { event: TraceEvent; self: number }[] = [];
  for (const event of complete) {
    while (open.length > 0 && open.at(-1)!.event.ts + open.at(-1)!.event.dur! <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) parent.self -= event.dur!;
    const entry = { event, self: event.dur! };
    open.push(entry);
    out.push(entry);
  }
  return out;
}

/** The V8 sampling profiler's samples of one thread: when, and the script file of the function running (its URL). */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; ms: number; url: string }[] {
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid);
  if (!profile?.args?.data?.startTime) return [];
  const urls = new Map<number, string>();
  const samples: { ts: number; ms: number; url: string }[] = [];
  let at = profile.args.data.startTime;
  // Its chunks come from the profiler's own thread of the same process.
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id)) {
    const data = chunk.args!.data!;
    for (const node of data.cpuProfile?.nodes ?? []) urls.set(node.id, node.callFrame.url);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, index) => {
      const delta = data.timeDeltas?.[index] ?? 0;
      at += delta;
      samples.push({ ts: at, ms: delta / 1000, url: urls.get(id) ?? '' });
    });
  }
  return samples;
}

function figuresOf(trace: TraceEvent[], record: PageRecord, origin: string, phases: Phase[]): PhaseFigures[] {
  const { pid, tid, ts: navigationStart } = navigationTo(trace, origin);
  // The page's clock: milliseconds from the navigation's start, as the performance timeline reads.
  const clock = (ts: number) => (ts - navigationStart) / 1000;
  const thread = trace.filter((event) => event.pid === pid && event.tid === tid);
  const timed = selfTimes(thread);
  const samples = samplesOf(trace, pid, tid);
  return phases.map(({ from, to }) => {
    const byKind = new Map<string, number>();
    let busyMs = 0;
    for (const { event, self } of timed) {
      const start = clock(event.ts);
      const end = start + event.dur! / 1000;
      // The part of the event's self time inside the phase, in proportion.
      const inside = Math.max(0, Math.min(end, to) - Math.max(start, from));
      const share = event.dur! > 0 ? (self / 1000) * (inside / (event.dur! / 1000)) : 0;
      if (share <= 0) continue;
      busyMs += share;
      const kind = kindOf(event.name);
      byKind.set(kind, (byKind.get(kind) ?? 0) + share);
    }
    // Which built file's functions were running, by the sampling profiler (the function on top of the stack).
    const byFile = new Map<string, number>();
    for (const sample of samples) {
      const at = clock(sample.ts);
      if (at <= from || at > to || !sample.url.startsWith(`${origin}/`)) continue;
      const file = new URL(sample.url).pathname.slice(1);
      byFile.set(file, (byFile.get(file) ?? 0) + sample.ms);
    }
    const fetched = record.resources
      .filter((entry) => entry.url.startsWith(`${origin}/`) && entry.end > from && entry.end <= to)
      .map((entry) => ({ file: new URL(entry.url).pathname.slice(1), start: entry.start, end: entry.end }))
      .filter((entry) => /\.(js|css)$/.test(entry.file));
    return { fetched, wallMs: to - from, busyMs, byKind, byFile };
  });
}

/** One traced visit: the page's record and the trace's events. */
async function tracedVisit(
  browser: Browser,
  app: AppUnderTest,
  email: string,
  passkey?: BenchPasskey,
): Promise<{ record: PageRecord; trace: TraceEvent[]; raw: Buffer }> {
  const { context, page, cdp } = await openPage({ browser, profile: PROFILE, endpoint: '', emulatorUrl: EMULATOR_URL });
  try {
    const keepCounter = passkey && (await holdPasskey(cdp, passkey));
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    if (PATH === 'password') {
      await pressAtOnce(app, page, email, BENCH_PASSWORD);
      await awaitMark(page, 'bench:page');
    } else if (PATH === 'passkey') {
      await readyForPasswordless(app, page, email, app.passkey(page));
      await app.passkey(page).click();
      await awaitMark(page, 'bench:page');
    } else {
      await readyForPasswordless(app, page, email, app.emailCode(page));
      await app.emailCode(page).click();
      await awaitMark(page, 'bench:code-screen');
      await page.locator(CODE_FIELD).fill(await outboxCode(EMULATOR_URL, email));
      await app.confirmCode(page).click();
      await awaitMark(page, 'bench:page');
    }
    const record = await read(page);
    const raw = await browser.stopTracing();
    await keepCounter?.();
    const parsed = JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return { record, trace: Array.isArray(parsed) ? parsed : parsed.traceEvents, raw };
  } finally {
    await context.close();
  }
}

const PATH_WORDS = {
  password: { press: 'navigation', end: 'signed-in page', mark: 'bench:page' },
  code: { press: 'code submitted', end: 'signed-in page', mark: 'bench:page' },
  passkey: { press: '"Sign in with a passkey" pressed', end: 'signed-in page', mark: 'bench:page' },
} as const;

function phasesOf(record: PageRecord, endpoint: string): Phase[] {
  const words = PATH_WORDS[PATH];
  const start = PATH === 'password' ? 0 : lastMark(record, 'bench:press');
  const calls = cognitoRequests(record, endpoint).filter((call) => call.start >= start);
  const first = calls[0]?.start ?? NaN;
  const answered = Math.max(...calls.map((call) => call.end));
  const end = lastMark(record, words.mark);
  // Between a passkey sign-in's two calls, the app's work and the browser's prompt: a phase of its own.
  const between =
    PATH === 'passkey' && calls.length >= 2
      ? [
          { words: 'first request -> first answer', from: first, to: calls[0]!.end },
          { words: 'first answer -> second request (the prompt)', from: calls[0]!.end, to: calls[1]!.start },
          { words: 'second request -> last Cognito answer', from: calls[1]!.start, to: answered },
        ]
      : [{ words: 'first request -> last Cognito answer', from: first, to: answered }];
  // The code screen shows at once, before the pool's answer (docs/authenticator.md): a phase of its own, without calls.
  const codeScreen =
    PATH === 'code'
      ? [
          {
            words: '"E-mail me a code" pressed -> code screen',
            from: record.marks.find((mark) => mark.name === 'bench:press')?.at ?? NaN,
            to: lastMark(record, 'bench:code-screen'),
          },
        ]
      : [];
  return [
    ...codeScreen,
    { words: `${words.press} -> first Cognito request`, from: start, to: first },
    ...between,
    { words: `last answer -> ${words.end}`, from: answered, to: end },
  ];
}

const medianOf = (numbers: number[]) => (numbers.length > 0 ? median(numbers) : 0);

function print(phases: Phase[], runs: PhaseFigures[][]): void {
  phases.forEach((phase, index) => {
    const figures = runs.map((run) => run[index]!);
    const wall = medianOf(figures.map((figure) => figure.wallMs));
    const busy = medianOf(figures.map((figure) => figure.busyMs));
    console.log(`\n${phase.words}: ${ms(wall)}, main thread busy ${ms(busy)} (${Math.round((100 * busy) / wall)}%)`);
    const kinds = new Set(figures.flatMap((figure) => [...figure.byKind.keys()]));
    const byKind = [...kinds].map((kind) => [kind, medianOf(figures.map((figure) => figure.byKind.get(kind) ?? 0))] as const);
    for (const [kind, time] of byKind.sort((a, b) => b[1] - a[1])) console.log(`  ${ms(time).padStart(8)}  ${kind}`);
    const files = new Set(figures.flatMap((figure) => [...figure.byFile.keys()]));
    const byFile = [...files].map((file) => [file, medianOf(figures.map((figure) => figure.byFile.get(file) ?? 0))] as const);
    const top = byFile.sort((a, b) => b[1] - a[1]).slice(0, 8);
    if (top.length > 0) console.log('  built files whose functions ran longest (sampled):');
    for (const [file, time] of top) console.log(`  ${ms(time).padStart(8)}  ${file}`);
    // The last run's fetches, in waves: a file asked for after the previous wave's last answer waited for it.
    const fetched = [...figures.at(-1)!.fetched].sort((a, b) => a.start - b.start);
    if (fetched.length === 0) return;
    const waves: (typeof fetched)[] = [];
    for (const file of fetched) {
      const wave = waves.at(-1);
      if (wave && file.start < Math.max(...wave.map((entry) => entry.end))) wave.push(file);
      else waves.push([file]);
    }
    console.log(`  JS and CSS fetched (last run): ${fetched.length} files in ${waves.length} waves, one after another`);
    for (const wave of waves) {
      const start = Math.min(...wave.map((entry) => entry.start)) - phase.from;
      const end = Math.max(...wave.map((entry) => entry.end)) - phase.from;
      const names = wave.map((entry) => entry.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1'));
      console.log(
        `  ${ms(start).padStart(8)} -> ${ms(end).padEnd(8)} ${names.length} files: ${names.slice(0, 6).join(', ')}${names.length > 6 ? ', ...' : ''}`,
      );
    }
  });
}

async function main(): Promise<void> {
  const project = values.app === 'project';
  const outDir = project ? join(ROOT, 'dist') : AMPLIFY_OUT_DIR;
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`No build in ${outDir}: run npm run bench:compare first (it builds both apps).`);
  const emulator = startTestPool(EMULATOR_PORT);
  const server = project ? startVite('preview', APP_PORT, EMULATOR_URL) : startAmplifyPreview(AMPLIFY_PORT);
  const browser = await launchChromium();
  try {
    await waitFor(`${EMULATOR_URL}/_emulator/config`);
    const { endpoint, userPoolId, userPoolClientId } = (await (await fetch(`${EMULATOR_URL}/_emulator/config`)).json()) as {
      endpoint: string;
      userPoolId: string;
      userPoolClientId: string;
    };
    const app = project ? projectApp(`http://localhost:${APP_PORT}`, outDir) : amplifyApp(`http://localhost:${AMPLIFY_PORT}`, outDir);
    await waitFor(app.url);
    const origin = new URL(app.url).origin;
    const pool = createTestPool({ kind: 'emulator', url: EMULATOR_URL });
    // A new user for each e-mailed code (the pool limits the codes one user is sent in an hour).
    const user = async () => {
      const email = pool.newEmail('bench-trace');
      await pool.createUser(email, BENCH_PASSWORD);
      return email;
    };
    const email = await user();
    const passkey =
      PATH === 'passkey'
        ? await registerPasskey({ endpoint, userPoolId, clientId: userPoolClientId }, email, BENCH_PASSWORD, origin)
        : undefined;

    // One visit not counted: the preview server and the pool compile their code on first use.
    await tracedVisit(browser, app, PATH === 'code' ? await user() : email, passkey);
    const runs: PhaseFigures[][] = [];
    let phases: Phase[] = [];
    let last: Buffer | undefined;
    for (let run = 0; run < RUNS; run++) {
      const { record, trace, raw } = await tracedVisit(browser, app, PATH === 'code' ? await user() : email, passkey);
      phases = phasesOf(record, endpoint);
      runs.push(figuresOf(trace, record, origin, phases));
      last = raw;
    }
    const visit = {
      password: 'a password sign-in pressed at once',
      code: '"E-mail me a code" pressed on an idle form, then the code submitted',
      passkey: '"Sign in with a passkey" pressed on an idle form',
    }[PATH];
    console.log(`\n${values.app}, ${visit}; ${PROFILE_WORDS[PROFILE]}; median of ${RUNS} traced runs`);
    print(phases, runs);
    const file = join(tmpdir(), `trace-${values.app}-${PATH}-${PROFILE}.json`);
    writeFileSync(file, last!);
    console.log(`\nThe last run's trace: ${file} (DevTools, Performance panel, "Load profile")`);
  } finally {
    await browser.close();
    await Promise.all([stop(server), stop(emulator)]);
  }
}

await main();
