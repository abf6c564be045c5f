// Program rows to the spec's Program and Program highlight shapes: seconds for times, URLs for media.
import type { Program, ProgramDetail, ProgramHighlight } from '@hc/shared/api/programs';
import { dateToSeconds } from '@hc/shared/formatters';
import { videoUrlOf, type MediaStore } from '../media/store.ts';
import type { ProgramHighlightRow, ProgramRow } from './repo.ts';

export function presentProgram(row: ProgramRow): Program {
  return {
    id: row.id,
    program_id: row.id,
    program_name: row.programName,
    title: row.programName,
    channel: row.channel,
    external_program_id: row.externalProgramId,
    start_time: dateToSeconds(row.startTime),
  };
}

export function presentProgramHighlight(row: ProgramHighlightRow, media: MediaStore): ProgramHighlight {
  const url = videoUrlOf(media, row.videoPath);
  return {
    hld_id: row.hldId,
    segment_id: row.segmentId,
    type: row.type,
    hld_url: url,
    video: url,
    thumbnail: row.thumbnailPath ? media.url(row.thumbnailPath) : null,
    created_at: dateToSeconds(row.createdAt),
  };
}

export function presentProgramDetail(
  row: ProgramRow,
  highlights: ProgramHighlightRow[],
  media: MediaStore,
): ProgramDetail {
  return {
    program_id: row.id,
    program_title: row.programName,
    channel: row.channel,
    start_time: dateToSeconds(row.startTime),
    hlt_list: highlights.map((h) => presentProgramHighlight(h, media)),
  };
}
