// The reframing engine: fed small frames of a video (or of one span of it), it finds the shots, the
// subject of each analysed frame, a camera mode and a smooth path per shot, and writes them as a
// keyframe file. It reads two streams a decoder gives it: tiny frames at the full frame rate (for the
// cuts, found on their exact frame) and small frames at a few a second (for the subject). Nothing
// here decodes video or touches files; apps/worker feeds it from ffmpeg.
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import type { RgbImage } from './image.ts';
import { keyframeFileOf, windowSize, type PlannedShot, type VideoGeometry } from './keyframes.ts';
import { DEFAULT_PATH_OPTIONS, planShot, targetsPerFrame, type PathOptions } from './path.ts';
import {
  DEFAULT_SALIENCY_OPTIONS,
  SaliencyAnalyser,
  type AnalysedFrame,
  type SaliencyOptions,
} from './saliency.ts';
import { DEFAULT_SHOT_OPTIONS, ShotDetector, shotSpans, type ShotOptions } from './shots.ts';
import { DEFAULT_TRACKER_OPTIONS, trackShot, type TrackerOptions } from './tracker.ts';

export interface ReframeOptions {
  shots: ShotOptions;
  saliency: SaliencyOptions;
  tracker: TrackerOptions;
  path: PathOptions;
  /** Largest distance (share of the source width) between the written path and the planned one. */
  keyframeTolerance: number;
}

export const DEFAULT_REFRAME_OPTIONS: ReframeOptions = {
  shots: DEFAULT_SHOT_OPTIONS,
  saliency: DEFAULT_SALIENCY_OPTIONS,
  tracker: DEFAULT_TRACKER_OPTIONS,
  path: DEFAULT_PATH_OPTIONS,
  keyframeTolerance: 0.004,
};

export interface ReframeInput extends VideoGeometry {
  /** The source frame the first pushed frame of both streams shows (0 for a whole video). */
  firstFrame: number;
  /** How many source frames the span holds. */
  frameCount: number;
}

export interface SubjectPoint {
  frame: number;
  /** Subject centre in source pixels. */
  x: number;
  y: number;
  moving: boolean;
}

export interface ReframeResult {
  file: KeyframeFile;
  shots: PlannedShot[];
  /** The subject as detected in each analysed frame, before any smoothing (source pixels). */
  subjects: SubjectPoint[];
}

export class Reframer {
  private readonly shotDetector: ShotDetector;
  private readonly analyser: SaliencyAnalyser;
  private analysisWidth = 0;
  private analysisHeight = 0;

  constructor(
    private readonly input: ReframeInput,
    private readonly options: ReframeOptions = DEFAULT_REFRAME_OPTIONS,
  ) {
    this.shotDetector = new ShotDetector(options.shots);
    this.analyser = new SaliencyAnalyser(options.saliency);
  }

  /** The next tiny frame of the full-rate stream. */
  pushShotFrame(frame: RgbImage): void {
    this.shotDetector.push(frame);
  }

  /** An analysis frame and the source frame (absolute) it shows. */
  pushAnalysisFrame(frame: RgbImage, sourceFrame: number): void {
    this.analysisWidth = frame.width;
    this.analysisHeight = frame.height;
    this.analyser.push(frame, sourceFrame);
  }

  finish(): ReframeResult {
    this.analyser.finish();
    const { firstFrame, frameCount, fps, width, height } = this.input;
    // The cut stream may be a frame short or long of the probe's count: the probe's span decides.
    const cuts = withSceneBreaks(
      this.shotDetector.cuts(fps).filter((c) => c < frameCount),
      this.analyser.frames,
      this.shotDetector.scores,
      firstFrame,
    );
    const spans = shotSpans(cuts, frameCount).map((s) => ({
      start: s.start + firstFrame,
      end: s.end + firstFrame,
    }));
    const frames = this.analyser.frames;
    const cell = this.options.saliency.cell;
    const sx = this.analysisWidth > 0 ? width / this.analysisWidth : 1;
    const sy = this.analysisHeight > 0 ? height / this.analysisHeight : 1;
    const win = windowSize(this.input);
    const geometry = { frameWidth: width, windowWidth: win.width, fps };
    const subjects: SubjectPoint[] = [];
    const shots: PlannedShot[] = spans.map((span) => {
      const inShot = frames.filter((f) => f.sourceFrame >= span.start && f.sourceFrame <= span.end);
      const points = trackShot(inShot, this.options.tracker).map((d) => ({
        frame: d.sourceFrame,
        x: d.col * cell * sx,
        y: d.row * cell * sy,
        moving: d.moving,
      }));
      subjects.push(...points);
      // A shot too short to hold an analysed frame keeps the centre.
      const targets =
        points.length > 0
          ? targetsPerFrame(points, span.start, span.end)
          : new Array<number>(span.end - span.start + 1).fill(width / 2);
      const path = planShot(targets, geometry, this.options.path);
      return { ...span, mode: path.mode, centres: path.centres };
    });
    const tolerance = Math.max(1, this.options.keyframeTolerance * width);
    return { file: keyframeFileOf(this.input, shots, tolerance), shots, subjects };
  }
}

/**
 * The cuts, with one added where two analysed frames in a row do not show the same scene (the
 * analyser found nothing lining them up) and no cut lies between them. The tiny frames miss a cut
 * between two busy grounds of the same average colour (both grey mush at that size, and a pan over
 * either changes every tiny pixel as much as the cut does); the analysis frames still see the
 * grounds apart. The cut goes on the frame between them that differs most from the one before, when
 * it differs clearly more than the frames around the pair do.
 */
export function withSceneBreaks(
  cuts: number[],
  frames: AnalysedFrame[],
  scores: number[],
  firstFrame: number,
): number[] {
  const out = [...cuts];
  for (let i = 1; i < frames.length; i++) {
    if (frames[i]!.maps.motionBefore !== null) continue;
    const from = frames[i - 1]!.sourceFrame - firstFrame + 1;
    const to = frames[i]!.sourceFrame - firstFrame;
    if (out.some((c) => c >= from && c <= to)) continue;
    let best = -1;
    for (let f = Math.max(1, from); f <= Math.min(to, scores.length - 1); f++) {
      if (best < 0 || scores[f]! > scores[best]!) best = f;
    }
    // A pan the analyser failed to line up (a repeating ground can fool it) is no cut: the frame
    // chosen must stand out from the frames around the pair as a cut does.
    let around = 0;
    for (let f = Math.max(1, from - 8); f < from; f++) around = Math.max(around, scores[f]!);
    for (let f = to + 1; f <= Math.min(scores.length - 1, to + 8); f++) around = Math.max(around, scores[f]!);
    if (best > 0 && scores[best]! >= 1.5 * around) out.push(best);
  }
  return out.sort((a, b) => a - b);
}
