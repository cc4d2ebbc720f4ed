/**
 * A Chrome performance trace of a page while it is scrolled (Playwright's CDP session: the Tracing domain with
 * the timeline and the V8 sampling profiler), and what its long tasks were made of: for each task over 50 ms
 * its length, its time in script, style, layout, paint and garbage collection, and the functions the samples
 * fell in most (self time). `npm run bench -- <list section> --trace` prints this beside each list's figures
 * and keeps the trace file (open it in Chrome's Performance panel).
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own time (CPU), without the time other processes of a busy machine took. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      cpuProfile?: {
        nodes?: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    name?: string;
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
].join(',');

export interface Trace {
  stop(file?: string): Promise<TraceSummary>;
}

export interface LongTask {
  ms: number;
  cpuMs: number;
  parts: Record<string, number>;
  top: Array<[fn: string, ms: number]>;
}

export interface TraceSummary {
  tasks: LongTask[];
  /**
   * The main thread's tasks by their CPU time (the thread's own time: on a machine shared with other work a
   * task's length is mostly waiting for a core, its CPU time is the work the page did): the longest, how many
   * over 50 ms, and the total.
   */
  cpu: { longestMs: number; over50: number; totalMs: number };
}

/** Starts tracing `page`; `stop()` ends it, writes the trace to `file` when given and summarises its long tasks. */
export async function startTrace(page: Page): Promise<Trace> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES.split(','), recordMode: 'recordContinuously' },
    transferMode: 'ReportEvents',
  });
  return {
    async stop(file) {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      if (file) writeFileSync(file, JSON.stringify({ traceEvents: events }));
      return summarise(events);
    },
  };
}

const PARTS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  ParseHTML: 'parse',
};

function summarise(events: TraceEvent[]): TraceSummary {
  // The renderer's main thread: the thread of the most RunTask time among threads named CrRendererMain.
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mains.has(`${e.pid}:${e.tid}`);
  const samples = cpuSamples(events);
  // The task in which the profiler itself starts is the trace's, not the page's.
  const profilerStarts = events.filter((e) => e.name === 'CpuProfiler::StartProfiling' && onMain(e));
  const pageTasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      onMain(e) &&
      !profilerStarts.some((p) => p.ts >= e.ts && p.ts < e.ts + (e.dur ?? 0)),
  );
  const cpuTimes = pageTasks.map((e) => (e.tdur ?? 0) / 1000);
  const tasks = pageTasks.filter((e) => (e.dur ?? 0) > 50_000).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  return {
    cpu: {
      longestMs: Math.round(Math.max(0, ...cpuTimes)),
      over50: cpuTimes.filter((ms) => ms > 50).length,
      totalMs: Math.round(cpuTimes.reduce((sum, ms) => sum + ms, 0)),
    },
    tasks: tasks.slice(0, 8).map((task) => {
      const start = task.ts;
      const end = task.ts + (task.dur ?? 0);
      const parts: Record<string, number> = {};
      // Top-level parts only (an event not inside another counted event of the same thread and task).
      const inside = events
        .filter(
          (e) =>
            e.ph === 'X' &&
            e.pid === task.pid &&
            e.tid === task.tid &&
            e.ts >= start &&
            e.ts < end &&
            PARTS[e.name],
        )
        .sort((a, b) => a.ts - b.ts);
      let coveredUntil = 0;
      for (const e of inside) {
        const part = PARTS[e.name]!;
        if (part !== 'gc' && e.ts < coveredUntil) continue;
        parts[part] = (parts[part] ?? 0) + (e.dur ?? 0) / 1000;
        if (part !== 'gc') coveredUntil = e.ts + (e.dur ?? 0);
      }
      const byFn = new Map<string, number>();
      for (const s of samples) {
        if (s.ts < start || s.ts >= end) continue;
        byFn.set(s.fn, (byFn.get(s.fn) ?? 0) + s.ms);
      }
      const top = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 12);
      return {
        ms: (task.dur ?? 0) / 1000,
        cpuMs: (task.tdur ?? 0) / 1000,
        parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)])),
        top: top.map(([fn, ms]) => [fn, Math.round(ms * 10) / 10] as [string, number]),
      };
    }),
  };
}

/** The V8 sampling profiler's samples (ProfileChunk events), each with its function and the time it stands for. */
function cpuSamples(events: TraceEvent[]): Array<{ ts: number; fn: string; ms: number }> {
  const out: Array<{ ts: number; fn: string; ms: number }> = [];
  const byProfile = new Map<string, { start: number; nodes: Map<number, string>; last: number }>();
  for (const e of events) {
    if (e.name === 'Profile') {
      byProfile.set(`${e.pid}:${e.id}`, {
        start: (e.args?.data as { startTime?: number } | undefined)?.startTime ?? e.ts,
        nodes: new Map(),
        last: 0,
      });
    }
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const profile = byProfile.get(`${e.pid}:${e.id}`);
    if (!profile) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
      profile.nodes.set(
        node.id,
        `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`,
      );
    }
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    let ts = profile.last || profile.start;
    for (let i = 0; i < ids.length; i++) {
      const delta = deltas[i] ?? 0;
      ts += delta;
      out.push({ ts, fn: profile.nodes.get(ids[i]!) ?? '?', ms: Math.max(0, delta) / 1000 });
    }
    profile.last = ts;
  }
  // A sample stands for the time until the next one.
  out.sort((a, b) => a.ts - b.ts);
  for (let i = 0; i < out.length - 1; i++) out[i]!.ms = Math.min(10, (out[i + 1]!.ts - out[i]!.ts) / 1000);
  return out;
}

/** Prints a trace's long tasks: length, parts, and the functions with the most self time. */
export function printTrace(label: string, summary: TraceSummary): void {
  const { cpu } = summary;
  console.log(
    `  ${label}: main thread CPU ${cpu.totalMs} ms, longest task ${cpu.longestMs} ms CPU, ${cpu.over50} over 50 ms CPU`,
  );
  if (!summary.tasks.length) console.log('    no task over 50 ms');
  for (const task of summary.tasks) {
    const parts = Object.entries(task.parts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(`    task ${Math.round(task.ms)} ms, ${Math.round(task.cpuMs)} ms CPU (${parts})`);
    for (const [fn, ms] of task.top.slice(0, 8)) console.log(`      ${String(ms).padStart(6)} ms  ${fn}`);
  }
}
