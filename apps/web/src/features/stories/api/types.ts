// The stories calls' types, from the shared schemas (packages/shared/src/api/stories.ts and
// story-downloads.ts).
export type {
  Story,
  StoryDraftPage,
  StoryFormField,
  StoryPage,
  StoryPageWrite,
  StoryState,
  UploadedObject,
} from '@hc/shared/api/stories';
export type { HighlightsZipStatus } from '@hc/shared/api/story-downloads';
