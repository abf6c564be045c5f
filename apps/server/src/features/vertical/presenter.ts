// Vertical tasks, suggestions and programs as the calls answer them (the spec's field names).
import type { schema } from '@hc/db/schema';
import type { VerticalProgram, VerticalSuggestion, VerticalTask } from '@hc/shared/api/vertical';
import { dateToSeconds } from '@hc/shared/formatters';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import type { MediaStore } from '../media/store.ts';
import { videoUrlOf } from '../media/store.ts';
import type { TaskView } from './repo.ts';

type SuggestionRow = typeof schema.verticalSuggestions.$inferSelect;
type KeyframeFileRow = typeof schema.keyframeFiles.$inferSelect;
type ProgramRow = typeof schema.programs.$inferSelect;

export function presentTask(
  { task, publisherName, programName, lockedBy }: TaskView,
  media: MediaStore,
): VerticalTask {
  return {
    video_id: task.videoId,
    title: task.title,
    publisher_id: task.publisherId,
    publisher_name: publisherName,
    channel: task.channel,
    program_id: task.programId,
    program_name: programName,
    external_program_id: task.externalProgramId,
    segment_id: task.segmentId,
    highlight_id: task.highlightId,
    src_video_url: videoUrlOf(media, task.srcVideoPath),
    video_url: task.videoPath ? videoUrlOf(media, task.videoPath) : null,
    thumbnail: task.thumbnailPath ? media.url(task.thumbnailPath) : null,
    duration: task.durationSeconds,
    trimmed_duration: task.trimmedDurationSeconds,
    created_at: dateToSeconds(task.createdAt),
    generated_at: task.generatedAt ? dateToSeconds(task.generatedAt) : null,
    updated_at: dateToSeconds(task.updatedAt),
    start_time: task.startTime,
    end_time: task.endTime,
    reviews: task.reviews,
    reels_valid: task.reelsValid,
    content_type: task.contentType,
    status: task.status,
    derivative_id: task.derivativeId,
    render_state: task.renderState,
    render_job_id: task.renderJobId,
    render_error: task.renderError,
    locked_by: lockedBy,
    lock_expires_at: lockedBy && task.lockExpiresAt ? task.lockExpiresAt.toISOString() : null,
  };
}

export function presentSuggestion(
  suggestion: SuggestionRow,
  keyframe: KeyframeFileRow | null,
  feedback: { quality: string; reasons: string[] } | undefined,
): VerticalSuggestion {
  return {
    vertical_content_id: suggestion.id,
    video_id: suggestion.videoId,
    start_time: suggestion.startTime,
    end_time: suggestion.endTime,
    source: suggestion.source,
    origin: suggestion.origin,
    active: suggestion.active,
    vertical_highlight_id: suggestion.verticalHighlightId,
    // The stored file is the one the model describes (keyframe_files.data is written only after checks).
    keyframe_json_file: keyframe ? (keyframe.data as KeyframeFile) : null,
    keyframe_version: keyframe?.version ?? null,
    feedback: feedback
      ? { quality: feedback.quality === 'good' ? 'good' : '', reason: feedback.reasons }
      : null,
    created_at: dateToSeconds(suggestion.createdAt),
  };
}

export const presentProgram = (program: ProgramRow): VerticalProgram => ({
  id: program.id,
  program_id: program.externalProgramId ?? String(program.id),
  title: program.programName,
  channel: program.channel,
  external_program_id: program.externalProgramId,
  start_date: dateToSeconds(program.startTime),
});
