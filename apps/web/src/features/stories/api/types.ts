// The stories calls' shapes as the issue-4 contract words them (docs/TEAM-CONTRACTS.md). They stand in
// for packages/shared/src/api/stories.ts until the stories API person commits it (it mirrors that
// file's schemas); then these become its inferred types.

export type StoryState = 'draft' | 'published';
export type PageObjectType = 'image' | 'video' | 'cover';

/** A server-supplied field of a video page (spec 001 §2.4, §3). */
export interface StoryFormField {
  name: string;
  label: string;
  input_type: 'dropdown' | 'string';
  options?: string[];
  is_mandatory: boolean;
  max_chars: number;
}

/** metadata of a page: duration, video_url, template_options, and the video form fields' values. */
export interface StoryPageMetadata {
  duration?: number;
  video_url?: string | null;
  template_options?: { layout?: number; blurb?: number };
  [field: string]: unknown;
}

/** A page of a story (spec 001 §3 Story page). */
export interface StoryPage {
  id: number;
  index: number;
  ordinal: number;
  object_id: number | null;
  object_type: PageObjectType;
  story_id: number;
  title: string;
  subtitle: string;
  image: string | null;
  poster: string | null;
  thumbnail: string | null;
  layout: number;
  blurb: number;
  /** Seconds on screen. */
  duration: number;
  active: boolean;
  video_url: string | null;
  metadata: StoryPageMetadata;
}

/** A story (spec 001 §3 Story); timestamps in seconds. */
export interface Story {
  id: number;
  title: string;
  name?: string | null;
  state: StoryState;
  link: string | null;
  thumbnail: string | null;
  created_at: number;
  updated_at: number;
  pages: StoryPage[];
  form_fields: StoryFormField[];
}

/**
 * The body of page/create and page/update/{id}; without story_id, a page of a draft preview (with its id
 * when saved). The server derives image and video_url from object_id (the uploaded object).
 */
export interface StoryPageWrite {
  story_id?: number;
  id?: number;
  index: number;
  object_type: 'image' | 'video';
  object_id: number | null;
  title: string;
  subtitle: string;
  image?: string | null;
  poster?: string | null;
  video_url?: string | null;
  layout?: 0 | 1;
  blurb?: 0 | 1;
  duration?: number;
  metadata: StoryPageMetadata;
}

/** An uploaded file: its id goes into the page's object_id, its URL into image or video_url. */
export interface UploadedObject {
  id: number;
  file: string;
}

/** The highlights archive job (GET stamp/stories/highlights_zip/{job_id}). */
export interface HighlightsZipStatus {
  state: string;
  progress: number;
  url: string | null;
}
