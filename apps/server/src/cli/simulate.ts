// The pipeline simulator: `npm run simulate -- --url http://127.0.0.1:3000 --token T [--rate 2]
// [--duration 60] [--seed N]`. It feeds a running console through the ingest API the way the highlight
// pipeline would: articles waiting for review with their auto highlights, highlights whose metrics
// rise, a live program gaining segments, and vertical tasks with suggestions and keyframe files over
// the demo media, so the review and vertical queue badges climb live in an open console.
// The same seed sends the same stream with the same external ids: a replay updates the rows it made
// before (their timestamps are "now") instead of adding new ones.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makeTitle, PROGRAM_NAMES, slugify } from '@hc/db/seed/demo-text';
import { createRandom, type Random } from '@hc/db/seed/random';
import { INGEST_PREFIX } from '@hc/shared/api/ingest';
import { utcDay } from '@hc/shared/api/trends';
import { MEDIA_URL_PREFIX } from '@hc/shared/media-url';
import type { KeyframeFile, KeyframeGroup } from '@hc/shared/vertical/keyframe-file';

// The demo seed's media (packages/db/src/seed/media.ts: clipSpecs and sourceSpecs), so what the
// simulator sends plays in a console that loaded the demo. Paths only: nothing is fetched.
const CLIPS = [6, 4, 8, 5, 7, 4.5, 6.5, 5.5].map((seconds, i) => {
  const key = `demo/clip-${String(i + 1).padStart(2, '0')}`;
  return { video: `${key}.mp4`, thumbnail: `${key}.jpg`, gif: `${key}.gif`, seconds };
});
const SOURCES = [10, 12, 11, 12].map((seconds, i) => {
  const key = `demo/source-${String(i + 1).padStart(2, '0')}`;
  return { video: `${key}.mp4`, thumbnail: `${key}.jpg`, seconds, width: 1280, height: 720, fps: 25 };
});
const CATEGORIES = ['news', 'sports', 'weather', 'politics', 'entertainment', 'business', 'tech'];
const CHANNELS = ['Planet 1', 'Planet News 24', 'Metro Sports HD'];
const SEGMENT_TYPES = ['goal', 'interview', 'highlight', 'analysis', 'breaking'];
const KEYFRAME_STEP = 12;

export interface SimulationOptions {
  url: string;
  token: string;
  /** Actions per second. */
  rate: number;
  durationSeconds: number;
  seed: number;
  log?: (line: string) => void;
  /** Stops early (Ctrl+C). */
  signal?: AbortSignal;
}

export interface SimulationStats {
  requests: number;
  failures: number;
  articles: number;
  highlights: number;
  metricUpdates: number;
  programs: number;
  verticalTasks: number;
}

interface SimHighlight {
  externalId: string;
  articleExternalId: string;
  body: Record<string, unknown>;
  impressions: number;
  clicks: number;
  iaImpressions: number;
  iaClicks: number;
  /** Today's (UTC) share of the figures: the daily point the trend charts draw. */
  today?: { day: string; impressions: number; clicks: number; iaImpressions: number; iaClicks: number };
}

interface SimProgram {
  externalId: string;
  segments: { highlight_external_id: string; segment_id: string; type: string }[];
}

/** A keyframe file following a 9:16 full-height window that pans across the source over [first, last]. */
export function panningKeyframeFile(
  rnd: Random,
  source: (typeof SOURCES)[number],
  first: number,
  last: number,
): KeyframeFile {
  const h = source.height;
  const w = Math.floor((h * 9) / 16 / 2) * 2;
  const span = source.width - w;
  const phase = rnd.next() * Math.PI * 2;
  const speed = 0.02 + rnd.next() * 0.05;
  const xAt = (frame: number) => Math.round((span / 2) * (1 + Math.sin(phase + frame * speed)));
  const frames: number[] = [];
  for (let f = first; f < last; f += KEYFRAME_STEP) frames.push(f);
  frames.push(last);
  const group: KeyframeGroup = {
    group_id: 1,
    start_frame: first,
    end_frame: last,
    objects: [
      {
        object_id: 1,
        rect: [xAt(first), 0, w, h],
        keyframes: frames.map((frame) => ({ frame, x: xAt(frame), y: 0 })),
      },
    ],
  };
  return {
    grid_manager_ver: '2.0',
    fps: source.fps,
    input_width: source.width,
    input_height: source.height,
    output_vertical_width: 1080,
    output_vertical_height: 1920,
    groups: [group],
  };
}

class Simulator {
  private readonly rnd: Random;
  private readonly prefix: string;
  private readonly highlights: SimHighlight[] = [];
  private readonly programs: SimProgram[] = [];
  private counter = 0;
  readonly stats: SimulationStats = {
    requests: 0,
    failures: 0,
    articles: 0,
    highlights: 0,
    metricUpdates: 0,
    programs: 0,
    verticalTasks: 0,
  };

  constructor(private readonly options: SimulationOptions) {
    this.rnd = createRandom(options.seed);
    this.prefix = `sim${options.seed}`;
  }

  private log(line: string) {
    (this.options.log ?? console.log)(line);
  }

  private nextId(kind: string) {
    return `${this.prefix}-${kind}${++this.counter}`;
  }

  private async send(method: 'PUT' | 'POST', path: string, body: unknown): Promise<boolean> {
    this.stats.requests++;
    try {
      const response = await fetch(`${this.options.url}${INGEST_PREFIX}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) return true;
      const text = await response.text();
      this.stats.failures++;
      this.log(`  ${method} ${path} failed: ${response.status} ${text.slice(0, 300)}`);
      if (response.status === 401) throw new Error('The token was refused (401): check --token.');
      return false;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('The token')) throw error;
      this.stats.failures++;
      this.log(`  ${method} ${path} failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** Warns when the demo media are not served (the console did not load the demo): rows still arrive. */
  async checkMedia(): Promise<void> {
    try {
      const response = await fetch(`${this.options.url}${MEDIA_URL_PREFIX}${CLIPS[0]!.video}`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok)
        this.log('note: the demo media are not served here; videos of simulated rows will not play');
    } catch (error) {
      throw new Error(`Cannot reach ${this.options.url}: ${(error as Error).message}`);
    }
  }

  /** One step of the stream, picked by weight. */
  async step(): Promise<void> {
    if (this.programs.length === 0) return this.newProgram();
    const roll = this.rnd.next();
    if (roll < 0.3 || this.highlights.length === 0) return this.newArticle();
    if (roll < 0.65) return this.risingMetrics();
    if (roll < 0.92) return this.newVerticalTask();
    return this.newProgram();
  }

  private async newProgram(): Promise<void> {
    const externalId = this.nextId('p');
    const names = Object.values(PROGRAM_NAMES).flat();
    const name = `${this.rnd.pick(names)} (live)`;
    const ok = await this.send('PUT', `/programs/${externalId}`, {
      name,
      channel: this.rnd.pick(CHANNELS),
      start_time: new Date().toISOString(),
    });
    if (!ok) return;
    this.programs.push({ externalId, segments: [] });
    this.stats.programs++;
    this.log(`program ${externalId}: ${name}`);
  }

  /** An article waiting for review with 2-3 auto highlights, in one batch (all or none). */
  private async newArticle(): Promise<void> {
    const category = this.rnd.pick(CATEGORIES);
    const title = makeTitle(this.rnd, category);
    const articleExternalId = this.nextId('a');
    const url = `https://www.dailyplanet.example/${category}/${slugify(title)}-${articleExternalId}`;
    const cuts = this.rnd.int(2, 3);
    const created: SimHighlight[] = [];
    for (let k = 0; k < cuts; k++) {
      const clip = this.rnd.pick(CLIPS);
      const externalId = this.nextId('h');
      created.push({
        externalId,
        articleExternalId,
        impressions: 0,
        clicks: 0,
        iaImpressions: 0,
        iaClicks: 0,
        body: {
          article_external_id: articleExternalId,
          title: k === 0 ? title : `${title} (cut ${k + 1})`,
          category,
          link: url,
          published_at: new Date().toISOString(),
          video: clip.video,
          thumbnail: clip.thumbnail,
          gif: clip.gif,
          duration_seconds: clip.seconds,
          recommendation_score: Math.round(this.rnd.next() * 10_000) / 10_000,
        },
      });
    }
    const batch = {
      articles: [
        { external_id: articleExternalId, title, url, featured: this.rnd.chance(0.15), needs_review: true },
      ],
      highlights: created.map((h) => ({ external_id: h.externalId, ...h.body })),
    };
    if (!(await this.send('POST', '/batch', batch))) return;
    this.highlights.push(...created);
    this.stats.articles++;
    this.stats.highlights += created.length;
    this.log(`article ${articleExternalId} needs review: ${title} (${created.length} highlights)`);

    // The first cut also becomes a segment of the live program.
    const program = this.programs[this.programs.length - 1]!;
    program.segments.push({
      highlight_external_id: created[0]!.externalId,
      segment_id: String(program.segments.length + 1).padStart(3, '0'),
      type: this.rnd.pick(SEGMENT_TYPES),
    });
    await this.send('PUT', `/programs/${program.externalId}/highlights`, { highlights: program.segments });
  }

  /** Views come in: impressions and clicks of a recent highlight grow. */
  private async risingMetrics(): Promise<void> {
    const recent = this.highlights.slice(-30);
    const h = this.rnd.pick(recent);
    const views = this.rnd.int(200, 5_000);
    const added = {
      impressions: views,
      clicks: Math.round(views * (0.005 + this.rnd.next() * 0.03)),
      iaImpressions: Math.round(views * 0.35),
      iaClicks: Math.round(views * 0.35 * (0.004 + this.rnd.next() * 0.02)),
    };
    h.impressions += added.impressions;
    h.clicks += added.clicks;
    h.iaImpressions += added.iaImpressions;
    h.iaClicks += added.iaClicks;
    const day = utcDay();
    const before =
      h.today?.day === day ? h.today : { day, impressions: 0, clicks: 0, iaImpressions: 0, iaClicks: 0 };
    h.today = {
      day,
      impressions: before.impressions + added.impressions,
      clicks: before.clicks + added.clicks,
      iaImpressions: before.iaImpressions + added.iaImpressions,
      iaClicks: before.iaClicks + added.iaClicks,
    };
    const ok = await this.send('PUT', `/highlights/${h.externalId}`, {
      ...h.body,
      metrics: {
        non_uniq_regular_impressions: h.impressions,
        non_uniq_regular_clicks: h.clicks,
        non_uniq_ia_impressions: h.iaImpressions,
        non_uniq_ia_clicks: h.iaClicks,
      },
    });
    if (!ok) return;
    // The day's figures so far, as the pipeline's daily rollup sends them: the trend charts grow too.
    const daily = await this.send('POST', '/metrics', {
      highlights: [
        {
          highlight_external_id: h.externalId,
          day: h.today.day,
          front_page_impressions: h.today.impressions,
          front_page_clicks: h.today.clicks,
          article_impressions: h.today.iaImpressions,
          article_clicks: h.today.iaClicks,
        },
      ],
    });
    if (!daily) return;
    this.stats.metricUpdates++;
    this.log(`highlight ${h.externalId}: ${h.impressions} impressions, ${h.clicks} clicks`);
  }

  /** A vertical task (mostly program highlights, some full videos) with 2-3 suggestions. */
  private async newVerticalTask(): Promise<void> {
    const source = this.rnd.pick(SOURCES);
    const frameCount = Math.round(source.seconds * source.fps);
    const program = this.programs[this.programs.length - 1]!;
    const segment = program.segments.length > 0 ? this.rnd.pick(program.segments) : null;
    const fullVideo = segment === null || this.rnd.chance(0.25);
    const ranges = fullVideo
      ? [{ start: 0, end: source.seconds }]
      : Array.from({ length: this.rnd.int(2, 3) }, () => {
          const length = this.rnd.int(6, 10);
          const start = this.rnd.int(0, (source.seconds - length) * 2) / 2;
          return { start, end: start + length };
        });
    const externalId = this.nextId('v');
    const suggestions = ranges.map((r, i) => {
      const first = Math.round(r.start * source.fps);
      const last = Math.min(Math.round(r.end * source.fps) - 1, frameCount - 1);
      return {
        external_id: `${externalId}-s${i + 1}`,
        start_time: r.start,
        end_time: r.end,
        source: i === 0 ? 1 : 3,
        active: i === 0,
        keyframe: panningKeyframeFile(this.rnd, source, first, last),
      };
    });
    const title = fullVideo
      ? `${makeTitle(this.rnd, 'news')} (full programme)`
      : `Live segment ${segment!.segment_id}: ${segment!.type}`;
    const ok = await this.send('PUT', `/vertical_tasks/${externalId}`, {
      content_type: fullVideo ? 'full_video' : 'highlight',
      title,
      program_external_id: fullVideo ? null : program.externalId,
      segment_id: fullVideo ? null : segment!.segment_id,
      channel: fullVideo ? this.rnd.pick(CHANNELS) : null,
      source: {
        video: source.video,
        thumbnail: source.thumbnail,
        duration_seconds: source.seconds,
        width: source.width,
        height: source.height,
        fps: source.fps,
      },
      suggestions,
    });
    if (!ok) return;
    this.stats.verticalTasks++;
    this.log(
      `vertical task ${externalId} (${fullVideo ? 'full video' : 'highlight'}): ${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}`,
    );
  }
}

/** Runs the stream until the duration is over (or the signal aborts); resolves with what it sent. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationStats> {
  const sim = new Simulator(options);
  await sim.checkMedia();
  const interval = 1000 / options.rate;
  const started = Date.now();
  const end = started + options.durationSeconds * 1000;
  for (let n = 0; Date.now() < end && !options.signal?.aborted; n++) {
    await sim.step();
    // Steps keep to the rate's schedule; a slow answer is not made up by a burst.
    const wait = Math.max(0, started + (n + 1) * interval - Date.now());
    if (Date.now() + wait >= end) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return sim.stats;
}

export const SIMULATE_USAGE = `Usage:
  npm run simulate -- --url http://127.0.0.1:3000 --token <service token> [--rate 2] [--duration 60] [--seed N]

--rate      actions per second (default 2)
--duration  seconds to run (default 60)
--seed      the stream to send (default: a new one, printed); the same seed sends the same rows
Make a token with: npm run tokens -- create --name simulator --publisher 406`;

function parseOptions(argv: string[]): SimulationOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      token: { type: 'string' },
      rate: { type: 'string', default: '2' },
      duration: { type: 'string', default: '60' },
      seed: { type: 'string' },
    },
  });
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed);
  if (!values.token) throw new Error('--token is required.');
  if (!(rate > 0 && rate <= 100))
    throw new Error('--rate must be a number of actions per second (0 to 100).');
  if (!(duration > 0)) throw new Error('--duration must be a positive number of seconds.');
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number.');
  return { url: values.url.replace(/\/+$/, ''), token: values.token, rate, durationSeconds: duration, seed };
}

async function main(): Promise<void> {
  let options: SimulationOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${SIMULATE_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  console.log(
    `simulating against ${options.url} for ${options.durationSeconds} s at ${options.rate}/s (--seed ${options.seed})`,
  );
  const stats = await runSimulation({ ...options, signal: stop.signal });
  console.log(
    `done: ${stats.articles} articles, ${stats.highlights} highlights, ${stats.metricUpdates} metric updates, ` +
      `${stats.programs} programs, ${stats.verticalTasks} vertical tasks; ${stats.requests} requests, ${stats.failures} failed`,
  );
  if (stats.failures > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}
