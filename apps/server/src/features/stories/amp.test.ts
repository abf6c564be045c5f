// The AMP renderer: the required structure of an AMP web story, and user text that stays text.
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderAmpStory, safeUrl, type AmpPage, type AmpStory } from './amp.ts';

const imagePage = (overrides: Partial<AmpPage> = {}): AmpPage => ({
  objectType: 'image',
  title: 'First page',
  subtitle: 'Swipe up',
  imageUrl: 'https://console.example/media/a.jpg',
  videoUrl: null,
  posterUrl: null,
  layout: 0,
  blurb: 1,
  durationSeconds: 15,
  fields: {},
  ...overrides,
});

const videoPage = (overrides: Partial<AmpPage> = {}): AmpPage => ({
  ...imagePage(),
  objectType: 'video',
  title: 'The winning run',
  imageUrl: null,
  videoUrl: 'https://console.example/media/v.mp4',
  posterUrl: 'https://img.example/poster.jpg',
  durationSeconds: 6,
  fields: { home_or_away_team_playing: 'home', apv_batter_full_name: 'Sam Slugger' },
  ...overrides,
});

const story = (overrides: Partial<AmpStory> = {}): AmpStory => ({
  title: 'Big night',
  publisherName: 'Daily Planet',
  canonicalUrl: 'https://console.example/stories/7.html',
  posterUrl: 'https://console.example/media/a.jpg',
  pages: [imagePage(), imagePage({ layout: 1, blurb: 0, durationSeconds: 4 }), videoPage()],
  ...overrides,
});

const INJECTIONS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  '</amp-story><script>alert(2)</script>',
];

describe('renderAmpStory', () => {
  it('produces the required AMP story document structure', () => {
    const html = renderAmpStory(story());
    expect(html.startsWith('<!doctype html>\n<html ⚡ lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width">');
    expect(html).toContain('<link rel="canonical" href="https://console.example/stories/7.html">');
    expect(html).toContain('<script async src="https://cdn.ampproject.org/v0.js"></script>');
    expect(html).toContain(
      '<script async custom-element="amp-story" src="https://cdn.ampproject.org/v0/amp-story-1.0.js"></script>',
    );
    expect(html).toContain('custom-element="amp-video"');
    expect(html).toContain('<style amp-boilerplate>');
    expect(html).toContain('<noscript><style amp-boilerplate>');
    expect(html).toContain('<style amp-custom>');
    expect(html).toMatch(
      /<amp-story standalone title="Big night" publisher="Daily Planet" publisher-logo-src="[^"]+" poster-portrait-src="https:\/\/console\.example\/media\/a\.jpg">/,
    );
    expect(html.match(/<amp-story-page /g)).toHaveLength(3);
    expect(html.match(/<\/amp-story-page>/g)).toHaveLength(3);
    expect(html).toContain('<amp-story-page id="page-1" auto-advance-after="15s">');
    expect(html).toContain('<amp-story-page id="page-2" auto-advance-after="4s">');
    expect(html).toContain('<amp-story-page id="page-3" auto-advance-after="page-3-video">');
    expect(html.trimEnd().endsWith('</amp-story>\n</body>\n</html>')).toBe(true);
  });

  it('lays out image pages full or partial and shows the text only when blurb is on', () => {
    const html = renderAmpStory(story());
    const [, full, partial] = html.split('<amp-story-page ');
    expect(full).toContain('<amp-story-grid-layer template="fill"><amp-img layout="fill"');
    expect(full).toContain('<h1 class="hc-title">First page</h1>');
    expect(full).toContain('<p class="hc-subtitle">Swipe up</p>');
    expect(partial).toContain('template="thirds"');
    expect(partial).toContain('grid-area="upper-two-thirds"');
    expect(partial).not.toContain('hc-title');
  });

  it('renders a video page as amp-video with poster, autoplay and an MP4 source, with its facts', () => {
    const html = renderAmpStory(story());
    const video = html.split('<amp-story-page ')[3]!;
    expect(video).toMatch(
      /<amp-video id="page-3-video" autoplay layout="fill" width="1280" height="720" poster="https:\/\/img\.example\/poster\.jpg"/,
    );
    expect(video).toContain(
      '<source src="https://console.example/media/v.mp4" type="video/mp4"></amp-video>',
    );
    expect(video).toContain('<li>Team playing: home</li>');
    expect(video).toContain('<li>Batter: Sam Slugger</li>');
  });

  it('advances a video page when its clip ends, not after a fixed time, and never loops the clip', () => {
    // An 8 s clip on a page that still carries the 6 s default: the clip must play to its end.
    const html = renderAmpStory(
      story({ pages: [videoPage({ durationSeconds: 6 }), imagePage({ durationSeconds: 9 })] }),
    );
    const [, video, image] = html.split('<amp-story-page ');
    expect(video).toMatch(/^id="page-1" auto-advance-after="page-1-video">/);
    expect(video).toContain('<amp-video id="page-1-video" autoplay ');
    expect(video).not.toMatch(/\sloop[\s>=]/);
    expect(html).not.toContain('auto-advance-after="6s"');
    expect(image).toMatch(/^id="page-2" auto-advance-after="9s">/);
  });

  it('gives a video page without a playable URL its display time, as an image page', () => {
    const html = renderAmpStory(
      story({ pages: [videoPage({ videoUrl: 'javascript:alert(1)', durationSeconds: 6 })] }),
    );
    expect(html).toContain('<amp-story-page id="page-1" auto-advance-after="6s">');
    expect(html).not.toContain('<amp-video');
  });

  it('gives a story without pages one cover page', () => {
    const html = renderAmpStory(story({ pages: [] }));
    expect(html.match(/<amp-story-page /g)).toHaveLength(1);
    expect(html).not.toContain('custom-element="amp-video"');
  });

  it.each(INJECTIONS)('keeps injected markup inert in titles, text and form fields: %s', (evil) => {
    const html = renderAmpStory(
      story({
        title: evil,
        publisherName: evil,
        pages: [
          imagePage({ title: evil, subtitle: evil }),
          videoPage({ title: evil, fields: { apv_batter_full_name: evil, home_or_away_team_playing: evil } }),
        ],
      }),
    );
    expect(html).not.toContain(evil);
    expect(html).not.toMatch(/<script>/i);
    expect(html).not.toMatch(/<img /i);
    // No attribute can be closed from user text, so no event handler attribute can appear.
    expect(html).not.toMatch(/["']\s*on\w+=/i);
    const tagsWithoutValues = html.replace(/"[^"]*"/g, '""');
    expect(tagsWithoutValues).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html.match(/<\/amp-story>/g)).toHaveLength(1);
    // Every script is one of the three AMP ones.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).toContain(escapeHtml(evil));
  });

  it('drops URLs that are not http(s) or root-relative', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('//evil.example/x.jpg')).toBeNull();
    expect(safeUrl('data:text/html,hi')).toBeNull();
    expect(safeUrl('/media/a.jpg')).toBe('/media/a.jpg');
    const html = renderAmpStory(story({ pages: [imagePage({ imageUrl: 'javascript:alert(1)' })] }));
    expect(html).not.toContain('javascript:');
  });
});
