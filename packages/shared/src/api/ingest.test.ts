// The ingest API's input rules: media references, external ids and batch limits.
import { describe, expect, it } from 'vitest';
import {
  externalIdSchema,
  INGEST_BATCH_MAX_ITEMS,
  ingestBatchSchema,
  ingestErrors,
  ingestVerticalTaskSchema,
  mediaRefSchema,
} from './ingest.ts';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('mediaRefSchema', () => {
  it('keeps media-store paths and turns /media/ URLs into their paths', () => {
    expect(mediaRefSchema.parse('demo/clip-01.mp4')).toBe('demo/clip-01.mp4');
    expect(mediaRefSchema.parse(' demo/clip-01.jpg ')).toBe('demo/clip-01.jpg');
    expect(mediaRefSchema.parse('/media/demo/clip%2001.mp4')).toBe('demo/clip 01.mp4');
    expect(mediaRefSchema.parse('uploads/406/2026-11/a_b.c.mp4')).toBe('uploads/406/2026-11/a_b.c.mp4');
  });

  it('refuses remote URLs without fetching anything', () => {
    for (const remote of [
      'https://cdn.example/x.mp4',
      'http://x/y.jpg',
      '//cdn.example/x.mp4',
      'file:///etc/passwd',
    ]) {
      expect(issues(mediaRefSchema.safeParse(remote)), remote).toEqual([ingestErrors.mediaRemote]);
    }
  });

  it('refuses paths that could leave the store or are not plain', () => {
    for (const bad of [
      '../secret.mp4',
      'demo/../../x.mp4',
      '/etc/passwd',
      '/media/%2E%2E/x.mp4',
      '/media/%E0%A4%A',
      'demo//x.mp4',
      'demo/./x.mp4',
      'demo\\x.mp4',
      'demo/x.mp4\0',
      '',
      '.hidden',
    ]) {
      expect(issues(mediaRefSchema.safeParse(bad)), bad).toEqual([ingestErrors.mediaPath]);
    }
  });
});

describe('externalIdSchema', () => {
  it('takes ids a URL path carries as they are', () => {
    for (const ok of ['a', 'EP0000012345', 'sim42-h17', 'a.b_c:d-e', 'x'.repeat(128)]) {
      expect(externalIdSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['', '-a', 'a b', 'a/b', 'é', 'x'.repeat(129)]) {
      expect(issues(externalIdSchema.safeParse(bad)), bad).toEqual([ingestErrors.externalId]);
    }
  });
});

describe('bodies', () => {
  it('refuses a suggestion listed twice and a batch over the limit', () => {
    const suggestion = { external_id: 's1', start_time: 0, end_time: 6, keyframe: {} };
    const task = {
      content_type: 'highlight',
      title: 'T',
      source: { video: 'v.mp4', duration_seconds: 10, width: 640, height: 360, fps: 25 },
      suggestions: [suggestion, suggestion],
    };
    expect(issues(ingestVerticalTaskSchema.safeParse(task))).toEqual([
      ingestErrors.duplicateExternalId('s1'),
    ]);

    const article = { title: 'A', url: 'https://x.example/a' };
    const articles = Array.from({ length: INGEST_BATCH_MAX_ITEMS + 1 }, (_, i) => ({
      external_id: `a${i}`,
      ...article,
    }));
    expect(issues(ingestBatchSchema.safeParse({ articles }))).toEqual([
      ingestErrors.batchTooLarge(INGEST_BATCH_MAX_ITEMS),
    ]);
    expect(ingestBatchSchema.safeParse({ articles: articles.slice(1) }).success).toBe(true);
  });
});
