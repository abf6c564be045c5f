// Deterministic demo media for the demo seed: highlight clips, vertical sources with a scene cut,
// vertical 9:16 renders and story pages, all synthesised by ffmpeg from lavfi sources (no input
// files). Every file is written once: a file that already exists with a non-zero size is reused,
// and new files are written under a temporary name and renamed, so an interrupted run never leaves
// a truncated file that a later run would mistake for a finished one.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath, ffprobePath } from '@hc/media/binaries';
import { writeThenRename } from '@hc/media/temp-then-rename';

export interface MovingObjectTrack {
  /** pixel centre at time t (seconds) in the source's coordinates */
  at(t: number): { x: number; y: number };
  size: { w: number; h: number };
}

export interface DemoClip {
  key: string;
  videoPath: string;
  thumbnailPath: string;
  /** '' only if no GIF was made; every clip and vertical source currently gets one. */
  gifPath: string;
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
  tracks: MovingObjectTrack[];
}

export interface DemoMedia {
  highlightClips: DemoClip[];
  verticalSources: DemoClip[];
  verticalResults: {
    key: string;
    videoPath: string;
    thumbnailPath: string;
    width: number;
    height: number;
    durationSeconds: number;
  }[];
  storyImages: { key: string; path: string; width: number; height: number }[];
}

// ---------------------------------------------------------------------------------------------
// Motion paths. One description renders both the ffmpeg expression and the JavaScript function,
// so `at(t)` computes exactly what ffmpeg evaluated (up to the overlay's even-pixel placement).

/** c + v*t + a*sin(2*PI*f*t + p), t in seconds from the start of its segment. */
interface Wave {
  c: number;
  v?: number;
  a?: number;
  f?: number;
  p?: number;
}

/** A piece of a path, valid from `from` seconds (video time) until the next segment starts (a jump at a cut). */
interface Segment {
  from: number;
  x: Wave;
  y: Wave;
}

// Parameters are rounded before use so the decimal written into the expression and the double
// used by at(t) are the same number.
function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

function num(n: number): string {
  const r = round4(n);
  if (!Number.isFinite(r)) throw new Error(`not a finite number: ${n}`);
  // String() of a 4-decimal number in this range never uses exponent notation.
  return r < 0 ? `(${String(r)})` : String(r);
}

function waveValue(w: Wave, t: number): number {
  return w.c + (w.v ?? 0) * t + (w.a ?? 0) * Math.sin(2 * Math.PI * (w.f ?? 0) * t + (w.p ?? 0));
}

/** The wave as an ffmpeg expression; `time` is the expression standing for its t. */
function waveExpr(w: Wave, time: string): string {
  let e = num(w.c);
  if (w.v) e += `+${num(w.v)}*${time}`;
  if (w.a) e += `+${num(w.a)}*sin(2*PI*${num(w.f ?? 0)}*${time}+${num(w.p ?? 0)})`;
  return `(${e})`;
}

function roundWave(w: Wave): Wave {
  return {
    c: round4(w.c),
    v: round4(w.v ?? 0),
    a: round4(w.a ?? 0),
    f: round4(w.f ?? 0),
    p: round4(w.p ?? 0),
  };
}

function segmentAt(segments: Segment[], t: number): Segment {
  let current = segments[0];
  if (!current) throw new Error('a path needs at least one segment');
  for (const s of segments) if (t >= s.from) current = s;
  return current;
}

/** if(lt(t,T1),A,if(lt(t,T2),B,C)): the same choice segmentAt makes. */
function pathExpr(segments: Segment[], axis: 'x' | 'y'): string {
  const [first, ...rest] = segments;
  if (!first) throw new Error('a path needs at least one segment');
  const own = waveExpr(first[axis], first.from === 0 ? 't' : `(t-${num(first.from)})`);
  if (rest.length === 0) return own;
  const next = rest[0]!;
  return `if(lt(t,${num(next.from)}),${own},${pathExpr(rest, axis)})`;
}

interface ObjectSpec {
  shape: 'box' | 'circle';
  /** 0xRRGGBB */
  color: string;
  size: number;
  path: Segment[];
}

function normalisePath(segments: Segment[]): Segment[] {
  return segments.map((s) => ({ from: round4(s.from), x: roundWave(s.x), y: roundWave(s.y) }));
}

function trackOf(obj: ObjectSpec): MovingObjectTrack {
  const segments = obj.path;
  return {
    at(t: number) {
      const s = segmentAt(segments, t);
      return { x: waveValue(s.x, t - s.from), y: waveValue(s.y, t - s.from) };
    },
    size: { w: obj.size, h: obj.size },
  };
}

// ---------------------------------------------------------------------------------------------
// Filter graph pieces.

type Background = 'test' | 'grid' | 'bars' | 'rgb' | 'cells' | 'stripes';

interface Scene {
  from: number;
  background: Background;
  /** 0xRRGGBB: tint (test, rgb, cells, bars) or base colour (grid, stripes). */
  color: string;
  caption?: string;
}

interface VideoSpec {
  key: string;
  label: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
  scenes: Scene[];
  objects: ObjectSpec[];
}

/**
 * A filter chain (no labels) producing an endless yuv420p background of the given kind. Still
 * patterns are drawn once a second and repeated by the fps filter, so their per-pixel work (the
 * tint blend above all) costs 1/fps of drawing every frame; that is what keeps 720p cheap.
 */
function backgroundChain(scene: Scene, w: number, h: number, fps: number): string {
  const still = `s=${w}x${h}:r=1`;
  const repeat = `format=yuv420p,fps=${fps}`;
  const cell = Math.round(w / 8);
  switch (scene.background) {
    case 'test':
      // The one animated test pattern; only used at clip size.
      return `testsrc2=s=${w}x${h}:r=${fps},drawbox=c=${scene.color}@0.6:t=fill,format=yuv420p`;
    case 'rgb':
      return `rgbtestsrc=${still},format=yuv420p,drawbox=c=${scene.color}@0.55:t=fill,${repeat}`;
    case 'bars':
      return `smptehdbars=${still},drawbox=c=${scene.color}@0.45:t=fill,${repeat}`;
    case 'grid':
      return `color=c=${scene.color}:${still},drawgrid=w=${cell}:h=${cell}:t=2:c=white@0.25,${repeat}`;
    case 'stripes':
      // Thick vertical lines of a full-height grid make broad stripes.
      return `color=c=${scene.color}:${still},drawgrid=w=${cell}:h=${h + 1}:t=${Math.round(cell / 3)}:c=white@0.12,${repeat}`;
    case 'cells':
      // Animated, so it is drawn and tinted at 1/8 size (8-pixel cells), then blown up. Fixed
      // seed: the automaton's first row is otherwise random.
      return (
        `cellauto=s=${Math.round(w / 8)}x${Math.round(h / 8)}:rule=30:seed=7:r=${fps}:scroll=1,format=yuv420p,` +
        `drawbox=c=${scene.color}@0.7:t=fill,scale=${w}:${h}:flags=neighbor`
      );
  }
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

let fontCache: string | null | undefined;

/** A bold sans font usable in a filter graph, or null (then videos carry shapes only, no text). */
function findFont(): string | null {
  if (fontCache !== undefined) return fontCache;
  // Characters that would need filter-graph escaping are refused rather than escaped.
  fontCache = FONT_CANDIDATES.find((f) => !/[':\\,;[\]]/.test(f) && existsSync(f)) ?? null;
  return fontCache;
}

interface TextSpec {
  text: string;
  size: number;
  x: string;
  y: string;
  enable?: string;
}

function drawtext(font: string | null, spec: TextSpec): string[] {
  if (!font) return [];
  const enable = spec.enable ? `:enable='${spec.enable}'` : '';
  return [
    `drawtext=fontfile='${font}':text='${spec.text}':fontsize=${spec.size}:fontcolor=white` +
      `:borderw=${Math.max(2, Math.round(spec.size / 24))}:bordercolor=black@0.55:x=${spec.x}:y=${spec.y}${enable}`,
  ];
}

/**
 * The object as a small video with alpha: a filled circle, or a box with a white frame. Drawn once
 * a second and repeated (geq evaluates an expression per pixel, too slow to run on every frame).
 */
function objectChain(obj: ObjectSpec, fps: number): string {
  const s = obj.size;
  const base = `color=c=${obj.color}:s=${s}x${s}:r=1`;
  if (obj.shape === 'box') {
    return `${base},drawbox=c=white@0.9:t=${Math.max(3, Math.round(s / 16))},format=yuva420p,fps=${fps}`;
  }
  const r = (s - 1) / 2;
  return `${base},format=yuva420p,geq=lum='p(X,Y)':cb='p(X,Y)':cr='p(X,Y)':a='if(lte(hypot(X-${r},Y-${r}),${r}),255,0)',fps=${fps}`;
}

/** filter_complex for a synthesised video: background(s), labels, moving objects; outputs [v] and [a]. */
function synthesisGraph(spec: VideoSpec): string {
  const { width: w, height: h, fps } = spec;
  const font = findFont();
  const parts: string[] = [];
  if (spec.scenes.length === 0) throw new Error(`${spec.key}: no scene`);
  // Each scene is cut to its length and the pieces are joined, so only one background is drawn
  // at any time.
  spec.scenes.forEach((scene, i) => {
    const end = spec.scenes[i + 1]?.from;
    const cut =
      spec.scenes.length > 1
        ? `,trim=duration=${num((end ?? spec.duration) - scene.from)},setpts=PTS-STARTPTS`
        : '';
    parts.push(`${backgroundChain(scene, w, h, fps)},setsar=1${cut}[sc${i}]`);
  });
  let bg = 'sc0';
  if (spec.scenes.length > 1) {
    parts.push(`${spec.scenes.map((_, i) => `[sc${i}]`).join('')}concat=n=${spec.scenes.length}:v=1:a=0[bg]`);
    bg = 'bg';
  }
  const texts: string[] = [
    ...drawtext(font, { text: spec.label, size: Math.round(h / 5), x: '(w-tw)/2', y: 'h*0.1' }),
    ...drawtext(font, { text: '%{pts\\:hms}', size: Math.round(h / 18), x: 'w*0.03', y: 'h-th-h*0.04' }),
  ];
  spec.scenes.forEach((scene, i) => {
    if (!scene.caption) return;
    const end = spec.scenes[i + 1]?.from;
    const enable =
      end === undefined ? `gte(t,${num(scene.from)})` : `gte(t,${num(scene.from)})*lt(t,${num(end)})`;
    texts.push(
      ...drawtext(font, {
        text: scene.caption,
        size: Math.round(h / 14),
        x: 'w-tw-w*0.03',
        y: 'h-th-h*0.04',
        enable,
      }),
    );
  });
  let current = bg;
  if (texts.length > 0) {
    parts.push(`[${bg}]${texts.join(',')}[lab]`);
    current = 'lab';
  }
  spec.objects.forEach((obj, i) => {
    const half = obj.size / 2;
    parts.push(`${objectChain(obj, fps)}[o${i}]`);
    parts.push(
      `[${current}][o${i}]overlay=x='${pathExpr(obj.path, 'x')}-${half}':y='${pathExpr(obj.path, 'y')}-${half}'[m${i}]`,
    );
    current = `m${i}`;
  });
  parts.push(`[${current}]format=yuv420p,setsar=1[v]`);
  parts.push(`anullsrc=r=48000:cl=stereo[a]`);
  return parts.join(';');
}

// ---------------------------------------------------------------------------------------------
// Running the binaries: execFile (no shell), no stdin, errors only, bounded time.

const COMMON = ['-nostdin', '-y', '-hide_banner', '-loglevel', 'error'];
const THREADS = ['-threads', '2'];
// Reads of files we made ourselves are still limited to local files, as the worker's are.
const SAFE_INPUT = ['-protocol_whitelist', 'file'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
const AAC = ['-c:a', 'aac', '-b:a', '48k', '-ac', '2'];
const BITEXACT = ['-map_metadata', '-1', '-fflags', '+bitexact'];

function run(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      args,
      { maxBuffer: 32 * 1024 * 1024, timeout: 120_000, windowsHide: true },
      (err, stdout, stderr) => {
        if (err) {
          const detail = String(stderr).trim().split('\n').slice(-5).join('\n');
          reject(
            new Error(
              `${path.basename(bin)} failed (${err.message.split('\n')[0]})${detail ? `: ${detail}` : ''}`,
            ),
          );
          return;
        }
        resolve(String(stdout));
      },
    );
  });
}

async function hasContent(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

interface Ctx {
  root: string;
  log: (line: string) => void;
}

/**
 * Makes `rel` (relative to the media dir) unless it already exists with content. `args` gets the
 * temporary output path (same extension, so ffmpeg picks the same muxer) to write to.
 */
async function produce(ctx: Ctx, rel: string, args: (out: string) => string[]): Promise<void> {
  const file = path.join(ctx.root, rel);
  if (await hasContent(file)) return;
  const ext = path.extname(file);
  const tmp = `${file.slice(0, -ext.length)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}${ext}`;
  const started = Date.now();
  await writeThenRename(tmp, file, async () => {
    await run(ffmpegPath(), [...COMMON, ...args(tmp)]);
    if (!(await hasContent(tmp))) throw new Error(`ffmpeg wrote nothing for ${rel}`);
  });
  ctx.log(`media: made ${rel} in ${Date.now() - started} ms`);
}

function abs(ctx: Ctx, rel: string): string {
  return path.join(ctx.root, rel);
}

async function makeVideo(ctx: Ctx, rel: string, spec: VideoSpec): Promise<void> {
  await produce(ctx, rel, (out) => [
    ...THREADS,
    '-filter_complex',
    synthesisGraph(spec),
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    String(spec.duration),
    '-r',
    String(spec.fps),
    ...H264,
    ...AAC,
    ...BITEXACT,
    out,
  ]);
}

async function makeThumbnail(ctx: Ctx, rel: string, videoRel: string, maxWidth: number): Promise<void> {
  await produce(ctx, rel, (out) => [
    ...THREADS,
    '-ss',
    '1',
    ...SAFE_INPUT,
    '-i',
    abs(ctx, videoRel),
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${maxWidth},iw)':-2:flags=lanczos`,
    '-q:v',
    '3',
    '-update',
    '1',
    ...BITEXACT,
    out,
  ]);
}

async function makeGif(ctx: Ctx, rel: string, videoRel: string): Promise<void> {
  await produce(ctx, rel, (out) => [
    ...THREADS,
    '-ss',
    '0.5',
    '-t',
    '2.5',
    ...SAFE_INPUT,
    '-i',
    abs(ctx, videoRel),
    '-filter_complex',
    'fps=8,scale=320:-1:flags=lanczos,split[a][b];[a]palettegen=max_colors=128:stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=4',
    '-loop',
    '0',
    out,
  ]);
}

const VERTICAL_W = 360;
const VERTICAL_H = 640;

async function makeVerticalResult(
  ctx: Ctx,
  rel: string,
  sourceRel: string,
  src: VideoSpec,
  label: string,
): Promise<void> {
  const obj = src.objects[0];
  if (!obj) throw new Error(`${src.key}: nothing to follow`);
  // 9:16 window of full height; crop needs an even width for 4:2:0, so 405 becomes 404.
  const cw = Math.floor((src.height * 9) / 16 / 2) * 2;
  const ch = src.height;
  const x = `clip(${pathExpr(obj.path, 'x')}-${cw / 2},0,iw-${cw})`;
  const font = findFont();
  const chain = [
    `crop=w=${cw}:h=${ch}:x='${x}':y=0`,
    `scale=${VERTICAL_W}:${VERTICAL_H}:flags=bicubic`,
    'setsar=1',
    // A caption band hides the source's cut-off timecode and scene caption.
    `drawbox=x=0:y=${Math.round(VERTICAL_H * 0.86)}:w=iw:h=ih:c=0x111827:t=fill`,
    ...drawtext(font, { text: label, size: 30, x: '(w-tw)/2', y: `${Math.round(VERTICAL_H * 0.93)}-th/2` }),
    'format=yuv420p',
  ].join(',');
  await produce(ctx, rel, (out) => [
    ...THREADS,
    ...SAFE_INPUT,
    '-i',
    abs(ctx, sourceRel),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    '-vf',
    chain,
    ...H264,
    '-c:a',
    'copy',
    ...BITEXACT,
    out,
  ]);
}

interface StorySpec {
  key: string;
  title: string;
  color: string;
  accent: string;
}

async function makeStoryImage(
  ctx: Ctx,
  rel: string,
  spec: StorySpec,
  page: number,
  pages: number,
): Promise<void> {
  const w = 720;
  const h = 1280;
  const font = findFont();
  const chain = [
    `color=c=${spec.color}:s=${w}x${h}:r=1`,
    `drawbox=x=0:y=${h * 0.62}:w=${w}:h=${h * 0.38}:c=${spec.accent}@0.85:t=fill`,
    `drawbox=x=${w * 0.08}:y=${h * 0.18}:w=${w * 0.84}:h=${h * 0.36}:c=white@0.18:t=fill`,
    `drawbox=x=${w * 0.08}:y=${h * 0.18}:w=${w * 0.84}:h=${h * 0.36}:c=white@0.6:t=6`,
    `drawgrid=w=${w / 6}:h=${w / 6}:t=1:c=white@0.08`,
    ...drawtext(font, { text: spec.title, size: 76, x: '(w-tw)/2', y: 'h*0.68' }),
    ...drawtext(font, { text: `Page ${page} of ${pages}`, size: 36, x: '(w-tw)/2', y: 'h*0.78' }),
    ...drawtext(font, { text: String(page), size: 240, x: '(w-tw)/2', y: `h*0.36-th/2` }),
    'format=yuvj420p',
  ].join(',');
  await produce(ctx, rel, (out) => [
    ...THREADS,
    '-filter_complex',
    `${chain}[v]`,
    '-map',
    '[v]',
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-update',
    '1',
    ...BITEXACT,
    out,
  ]);
}

// ---------------------------------------------------------------------------------------------
// The demo set. Changing any spec below changes the pictures but not the file names, so delete
// the media folder's demo/ directory after editing (files with content are never remade).

const CLIP_W = 640;
const CLIP_H = 360;
const CLIP_FPS = 24;

/** Left to right (or back) at constant speed over the clip's duration, staying inside the frame. */
function across(duration: number, size: number, y: number, reverse = false): Segment[] {
  const margin = 24;
  const from = margin + size / 2;
  const to = CLIP_W - margin - size / 2;
  const v = (to - from) / duration;
  return [reverse ? seg({ c: to, v: -v }, { c: y }) : seg({ c: from, v }, { c: y })];
}

function seg(x: Wave, y: Wave, from = 0): Segment {
  return { from, x, y };
}

function clipSpecs(): VideoSpec[] {
  const mk = (n: number, duration: number, scene: Omit<Scene, 'from'>, objects: ObjectSpec[]): VideoSpec => ({
    key: `clip-${String(n).padStart(2, '0')}`,
    label: `APV ${n}`,
    width: CLIP_W,
    height: CLIP_H,
    fps: CLIP_FPS,
    duration,
    scenes: [{ from: 0, ...scene }],
    objects: objects.map((o) => ({ ...o, path: normalisePath(o.path) })),
  });
  return [
    mk(1, 6, { background: 'test', color: '0x1e3a8a' }, [
      {
        shape: 'circle',
        color: '0xf97316',
        size: 64,
        path: [seg({ c: 56, v: 88 }, { c: 230, a: 70, f: 0.5 })],
      },
    ]),
    mk(2, 4, { background: 'grid', color: '0x166534' }, [
      { shape: 'box', color: '0xfacc15', size: 56, path: across(4, 56, 250) },
      { shape: 'circle', color: '0xef4444', size: 48, path: across(4, 48, 300, true) },
    ]),
    mk(3, 8, { background: 'bars', color: '0x000000' }, [
      {
        shape: 'box',
        color: '0x22d3ee',
        size: 64,
        path: [seg({ c: 320, a: 240, f: 0.1 }, { c: 270, a: 40, f: 0.5 })],
      },
    ]),
    mk(4, 5, { background: 'rgb', color: '0x7c2d12' }, [
      { shape: 'circle', color: '0x38bdf8', size: 72, path: [seg({ c: 60, v: 104 }, { c: 300, v: -30 })] },
      {
        shape: 'box',
        color: '0xfde047',
        size: 44,
        path: [seg({ c: 560, v: -90 }, { c: 250, a: 50, f: 0.8 })],
      },
    ]),
    mk(5, 7, { background: 'cells', color: '0x4c1d95' }, [
      { shape: 'box', color: '0x4ade80', size: 60, path: across(7, 60, 260) },
    ]),
    mk(6, 4.5, { background: 'stripes', color: '0x0f766e' }, [
      {
        shape: 'circle',
        color: '0xf472b6',
        size: 64,
        path: [seg({ c: 320, a: 220, f: 0.25 }, { c: 250, a: 60, f: 1, p: 1.5708 })],
      },
    ]),
    mk(7, 6.5, { background: 'test', color: '0x7f1d1d' }, [
      { shape: 'box', color: '0x60a5fa', size: 56, path: across(6.5, 56, 240, true) },
      {
        shape: 'circle',
        color: '0xfbbf24',
        size: 52,
        path: [seg({ c: 120, v: 60 }, { c: 300, a: 30, f: 1 })],
      },
    ]),
    mk(8, 5.5, { background: 'grid', color: '0x1e293b' }, [
      {
        shape: 'circle',
        color: '0xa3e635',
        size: 68,
        path: [seg({ c: 80, v: 88 }, { c: 180, a: 90, f: 0.35 })],
      },
    ]),
  ];
}

const SRC_W = 1280;
const SRC_H = 720;
const SRC_FPS = 25;

function sourceSpecs(): VideoSpec[] {
  const mk = (
    n: number,
    duration: number,
    cut: number,
    scenes: [Omit<Scene, 'from'>, Omit<Scene, 'from'>],
    objects: ObjectSpec[],
  ): VideoSpec => ({
    key: `source-${String(n).padStart(2, '0')}`,
    label: `SOURCE ${n}`,
    width: SRC_W,
    height: SRC_H,
    fps: SRC_FPS,
    duration,
    scenes: [
      { from: 0, caption: 'SCENE 1', ...scenes[0] },
      { from: cut, caption: 'SCENE 2', ...scenes[1] },
    ],
    objects: objects.map((o) => ({ ...o, path: normalisePath(o.path) })),
  });
  // The first object is the one the vertical render follows; at the cut it jumps across the frame.
  return [
    mk(
      1,
      10,
      5,
      [
        { background: 'grid', color: '0x14532d' },
        { background: 'stripes', color: '0x1e3a8a' },
      ],
      [
        {
          shape: 'circle',
          color: '0xf97316',
          size: 120,
          path: [
            seg({ c: 200, v: 120 }, { c: 430, a: 90, f: 0.4 }),
            seg({ c: 1100, v: -110 }, { c: 400, a: 120, f: 0.3 }, 5),
          ],
        },
      ],
    ),
    mk(
      2,
      12,
      6,
      [
        { background: 'bars', color: '0x000000' },
        { background: 'cells', color: '0x7c2d12' },
      ],
      [
        {
          shape: 'box',
          color: '0x22d3ee',
          size: 128,
          path: [
            seg({ c: 640, a: 460, f: 0.1 }, { c: 420 }),
            seg({ c: 300, v: 100 }, { c: 420, a: 100, f: 0.5 }, 6),
          ],
        },
        {
          shape: 'circle',
          color: '0xfacc15',
          size: 80,
          path: [seg({ c: 1150, v: -60 }, { c: 600 }), seg({ c: 150, v: 40 }, { c: 580 }, 6)],
        },
      ],
    ),
    mk(
      3,
      11,
      5.5,
      [
        { background: 'stripes', color: '0x581c87' },
        { background: 'grid', color: '0x0f172a' },
      ],
      [
        {
          shape: 'box',
          color: '0x4ade80',
          size: 112,
          path: [
            seg({ c: 1080, v: -100 }, { c: 380, a: 60, f: 0.6 }),
            seg({ c: 260, v: 130 }, { c: 300, v: 25 }, 5.5),
          ],
        },
      ],
    ),
    mk(
      4,
      12,
      6.5,
      [
        { background: 'rgb', color: '0x134e4a' },
        { background: 'bars', color: '0x1e1b4b' },
      ],
      [
        {
          shape: 'circle',
          color: '0xf472b6',
          size: 124,
          path: [
            seg({ c: 640, a: 420, f: 0.15, p: -1.5708 }, { c: 400, a: 80, f: 0.45 }),
            seg({ c: 980, a: 160, f: 0.35 }, { c: 360 }, 6.5),
          ],
        },
        {
          shape: 'box',
          color: '0xfde047',
          size: 72,
          path: [seg({ c: 160, v: 70 }, { c: 600 }), seg({ c: 1120, v: -50 }, { c: 250 }, 6.5)],
        },
      ],
    ),
  ];
}

const STORIES: StorySpec[] = [
  { key: 'story-01', title: 'Match day', color: '0x1e3a8a', accent: '0x0f172a' },
  { key: 'story-02', title: 'Top goals', color: '0x166534', accent: '0x052e16' },
  { key: 'story-03', title: 'Fan zone', color: '0x9a3412', accent: '0x431407' },
  { key: 'story-04', title: 'Weather', color: '0x0e7490', accent: '0x083344' },
  { key: 'story-05', title: 'Markets', color: '0x6b21a8', accent: '0x2e1065' },
  { key: 'story-06', title: 'Culture', color: '0xbe123c', accent: '0x4c0519' },
];

const DEMO = 'demo';

/** Runs jobs with at most `limit` at once (2 cores: two ffmpeg processes keep both busy). */
async function inPool(limit: number, jobs: (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

function toClip(spec: VideoSpec): DemoClip {
  return {
    key: spec.key,
    videoPath: `${DEMO}/${spec.key}.mp4`,
    thumbnailPath: `${DEMO}/${spec.key}.jpg`,
    gifPath: `${DEMO}/${spec.key}.gif`,
    width: spec.width,
    height: spec.height,
    durationSeconds: spec.duration,
    fps: spec.fps,
    tracks: spec.objects.map(trackOf),
  };
}

/** Generates (or reuses) every demo media file under mediaDir; paths returned are relative to mediaDir, with forward slashes, e.g. 'demo/clip-03.mp4'. */
export async function generateDemoMedia(mediaDir: string, log?: (line: string) => void): Promise<DemoMedia> {
  const ctx: Ctx = { root: path.resolve(mediaDir), log: log ?? (() => undefined) };
  await mkdir(path.join(ctx.root, DEMO), { recursive: true });
  if (!findFont()) ctx.log('media: no font found, demo media will carry shapes without labels');

  const clips = clipSpecs();
  const sources = sourceSpecs();
  const highlightClips = clips.map(toClip);
  const verticalSources = sources.map(toClip);
  const verticalResults = sources.map((s, i) => {
    const key = `vertical-${String(i + 1).padStart(2, '0')}`;
    return {
      key,
      videoPath: `${DEMO}/${key}.mp4`,
      thumbnailPath: `${DEMO}/${key}.jpg`,
      width: VERTICAL_W,
      height: VERTICAL_H,
      durationSeconds: s.duration,
    };
  });
  const storyImages = STORIES.map((s) => ({
    key: s.key,
    path: `${DEMO}/${s.key}.jpg`,
    width: 720,
    height: 1280,
  }));

  // One chain per video (video, then what is made from it); chains run two at a time, the
  // longest (the 720p sources) first so the tail is short.
  const jobs: (() => Promise<void>)[] = [
    ...sources.map((spec, i) => async () => {
      const clip = verticalSources[i]!;
      const result = verticalResults[i]!;
      await makeVideo(ctx, clip.videoPath, spec);
      await makeThumbnail(ctx, clip.thumbnailPath, clip.videoPath, 640);
      await makeGif(ctx, clip.gifPath, clip.videoPath);
      await makeVerticalResult(ctx, result.videoPath, clip.videoPath, spec, `VERTICAL ${i + 1}`);
      await makeThumbnail(ctx, result.thumbnailPath, result.videoPath, VERTICAL_W);
    }),
    ...clips.map((spec, i) => async () => {
      const clip = highlightClips[i]!;
      await makeVideo(ctx, clip.videoPath, spec);
      await makeThumbnail(ctx, clip.thumbnailPath, clip.videoPath, CLIP_W);
      await makeGif(ctx, clip.gifPath, clip.videoPath);
    }),
    async () => {
      for (const [i, s] of STORIES.entries()) {
        await makeStoryImage(ctx, storyImages[i]!.path, s, i + 1, STORIES.length);
      }
    },
  ];
  await inPool(2, jobs);
  return { highlightClips, verticalSources, verticalResults, storyImages };
}

/**
 * Only the vertical sources (the 1280x720 videos with a scene cut that vertical tasks reframe), made
 * (or reused) under mediaDir as generateDemoMedia makes them; the reframing bench scores the engine on
 * them against their objects' tracks.
 */
export async function generateVerticalSources(
  mediaDir: string,
  log?: (line: string) => void,
): Promise<DemoClip[]> {
  const ctx: Ctx = { root: path.resolve(mediaDir), log: log ?? (() => undefined) };
  await mkdir(path.join(ctx.root, DEMO), { recursive: true });
  const sources = sourceSpecs();
  const clips = sources.map(toClip);
  await inPool(
    2,
    sources.map((spec, i) => () => makeVideo(ctx, clips[i]!.videoPath, spec)),
  );
  return clips;
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
  }[];
  format?: { format_name?: string; duration?: string };
}

/** Runs ffprobe and returns width, height, duration (s), codec, format name. */
export async function probeMedia(file: string): Promise<{
  width: number;
  height: number;
  durationSeconds: number;
  videoCodec: string | null;
  formatName: string;
}> {
  const out = await run(ffprobePath(), [
    '-v',
    'error',
    ...SAFE_INPUT,
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const info = JSON.parse(out) as ProbeJson;
  const video = info.streams?.find((s) => s.codec_type === 'video');
  const duration = Number(info.format?.duration ?? video?.duration ?? 0);
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    videoCodec: video?.codec_name ?? null,
    formatName: info.format?.format_name ?? '',
  };
}
