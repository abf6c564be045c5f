// Test data of the package editor: an editor row and a saved package (used by the state and the shared
// document tests).
import type { Package } from '@hc/shared/api/packages';
import type { EditorHighlight } from './editorState.ts';

export const hl = (id: number, category: string | null = 'news', duration = 10): EditorHighlight => ({
  id,
  title: `Title ${id}`,
  originalTitle: `Title ${id}`,
  thumbnail: `/media/${id}.jpg`,
  video_url: `/media/${id}`,
  duration,
  category,
  titleChanged: false,
});

export const pkg = (overrides: Partial<Package> = {}): Package => ({
  embed_id: 'abc123',
  name: 'Morning news',
  alias: 'morning-news',
  package_type: 'user',
  category: 'news',
  status: 'Active',
  highlights: [1, 2, 3].map((id) => ({
    id,
    title: `Title ${id}`,
    original_title: `Title ${id}`,
    thumbnail: `/media/${id}.jpg`,
    video_url: `/media/${id}`,
    duration: 10,
    category: 'news',
  })),
  sequence: '1,2,3',
  max_ads: 100,
  tvInvalidHlts: [],
  created_at: 1_700_000_000,
  updated_at: 1_700_000_100,
  num_videos: 3,
  duration: 30,
  package_clicks: 0,
  package_impressions: 0,
  package_ctr: null,
  package_iab_impressions: 0,
  package_iab_ctr: null,
  ...overrides,
});
