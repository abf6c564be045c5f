import { describe, expect, it } from 'vitest';
import { previewItems, previewPhase, startWith, type PreviewPackage } from './previewState.ts';

const highlight = (id: number, title = `Clip ${id}`) => ({
  id,
  title,
  video_url: `/media/h/${id}`,
  thumbnail: `/media/h/${id}.jpg`,
});
const pkg = (...ids: number[]): PreviewPackage => ({
  name: 'Top',
  highlights: ids.map((id) => highlight(id)),
});

describe('package preview rules', () => {
  it('plays the MP4 variant of the extension-less video URL, keeping an existing suffix', () => {
    const items = previewItems({
      name: 'x',
      highlights: [highlight(1), { ...highlight(2), video_url: 'https://cdn.example/2.mp4' }],
    });
    expect(items.map((i) => i.video_url)).toEqual(['/media/h/1.mp4', 'https://cdn.example/2.mp4']);
    expect(items[0]).toMatchObject({ id: 1, title: 'Clip 1', thumbnail: '/media/h/1.jpg' });
  });

  it('asks for at least 3 highlights, then for PREVIEW', () => {
    expect(previewPhase(previewItems(pkg()), null)).toBe('tooFew');
    expect(previewPhase(previewItems(pkg(1, 2)), null)).toBe('tooFew');
    expect(previewPhase(previewItems(pkg(1, 2, 3)), null)).toBe('ready');
    expect(startWith(previewItems(pkg(1, 2)))).toBeNull();
  });

  it('plays what was started and goes stale on any edit: add, remove, reorder or rename', () => {
    const playing = startWith(previewItems(pkg(1, 2, 3)))!;
    expect(previewPhase(previewItems(pkg(1, 2, 3)), playing)).toBe('playing');
    expect(previewPhase(previewItems(pkg(1, 2, 3, 4)), playing)).toBe('stale');
    expect(previewPhase(previewItems(pkg(1, 2)), playing)).toBe('stale');
    expect(previewPhase(previewItems(pkg(2, 1, 3)), playing)).toBe('stale');
    const renamed = pkg(1, 2, 3);
    renamed.highlights = [highlight(1, 'New title'), highlight(2), highlight(3)];
    expect(previewPhase(previewItems(renamed), playing)).toBe('stale');
  });

  it('a package name change alone does not interrupt: the showreel does not show the name', () => {
    const playing = startWith(previewItems(pkg(1, 2, 3)))!;
    expect(previewPhase(previewItems({ ...pkg(1, 2, 3), name: 'Renamed' }), playing)).toBe('playing');
  });

  it('reloading takes the current content, or returns to the 3-highlight message when too few remain', () => {
    const edited = previewItems(pkg(3, 1, 2, 5));
    const reloaded = startWith(edited)!;
    expect(reloaded.map((i) => i.id)).toEqual([3, 1, 2, 5]);
    expect(previewPhase(edited, reloaded)).toBe('playing');
    expect(previewPhase(previewItems(pkg(1)), startWith(previewItems(pkg(1))))).toBe('tooFew');
  });
});
