// The stories calls' types, from the shared schemas (packages/shared/src/api/stories.ts), plus the
// highlights archive job's status, which the shared file does not carry yet (contract wording).
export type {
  Story,
  StoryDraftPage,
  StoryFormField,
  StoryPage,
  StoryPageWrite,
  StoryState,
  UploadedObject,
} from '@hc/shared/api/stories';

/** The highlights archive job (GET stamp/stories/highlights_zip/{job_id}). */
export interface HighlightsZipStatus {
  state: string;
  progress: number;
  url: string | null;
}
