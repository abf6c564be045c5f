// Test data of the story editor: a saved page (used by the state and the shared document tests).
import type { StoryPage } from '../api/types.ts';

export const page = (over: Partial<StoryPage> = {}): StoryPage => ({
  id: 1,
  index: 0,
  ordinal: 0,
  object_id: 10,
  object_type: 'image',
  story_id: 5,
  apv_story_id: 5,
  title: 'First',
  subtitle: 'Sub',
  image: 'http://h/media/a.jpg',
  poster: null,
  thumbnail: null,
  layout: 1,
  blurb: 0,
  duration: 8,
  active: true,
  video_url: null,
  metadata: { duration: 8, template_options: { layout: 1, blurb: 0 } },
  ...over,
});
