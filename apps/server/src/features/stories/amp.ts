// The AMP web story document of a story: a pure function of the story and its pages.
// Every piece of user text and every URL goes through escapeHtml, in text and in attributes alike.
import { VIDEO_FORM_FIELDS } from './form-fields.ts';

export interface AmpPage {
  objectType: 'image' | 'video' | 'cover';
  title: string;
  subtitle: string;
  /** Absolute or root-relative URL of the image (image and cover pages). */
  imageUrl: string | null;
  /** Absolute or root-relative MP4 URL (video pages). */
  videoUrl: string | null;
  posterUrl: string | null;
  /** 0 Full, 1 Partial. */
  layout: number;
  /** 1 Show, 0 Hide: the text block over the media. */
  blurb: number;
  durationSeconds: number;
  /** Server-defined field values of a video page, by field name. */
  fields: Record<string, unknown>;
}

export interface AmpStory {
  title: string;
  publisherName: string;
  canonicalUrl: string;
  /** poster-portrait-src and publisher-logo-src. */
  posterUrl: string;
  pages: AmpPage[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values made inert: &, <, >, " and ' become entities. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Only http(s) and root-relative URLs reach the document; anything else is dropped. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const v = url.trim();
  if (/^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//'))) return v;
  return null;
}

// The required AMP boilerplate, verbatim (https://amp.dev/documentation/guides-and-tutorials/learn/spec/amp-boilerplate).
const BOILERPLATE =
  '<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style><noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>';

const CUSTOM_CSS = [
  'amp-story{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#fff}',
  '.hc-text{align-content:end;padding:24px 20px 48px}',
  '.hc-box{background:rgba(0,0,0,.55);border-radius:8px;padding:12px 14px}',
  '.hc-title{font-size:26px;line-height:1.2;margin:0 0 6px}',
  '.hc-subtitle{font-size:16px;line-height:1.35;margin:0}',
  '.hc-facts{font-size:14px;margin:8px 0 0;padding:0;list-style:none}',
  '.hc-partial-media{position:relative}',
  '.hc-partial-text{background:#111;padding:16px 20px}',
].join('');

const attr = (name: string, value: unknown) => ` ${name}="${escapeHtml(value)}"`;

/** Seconds as AMP's auto-advance-after value (whole or tenths). */
const seconds = (s: number) => `${Math.max(1, Math.round(s * 10) / 10)}s`;

/** The id of a page's amp-video, so the page can advance when that video ends. */
const videoId = (i: number) => `page-${i + 1}-video`;

/** The video URL a page plays, or null when it shows an image. */
const pageVideo = (page: AmpPage) => (page.objectType === 'video' ? safeUrl(page.videoUrl) : null);

function media(page: AmpPage, i: number, posterFallback: string): string {
  const video = pageVideo(page);
  if (video) {
    const poster = safeUrl(page.posterUrl) ?? posterFallback;
    // No loop: a looping video never ends, and the page waits for the end of the clip to advance.
    return (
      `<amp-video${attr('id', videoId(i))} autoplay layout="fill" width="1280" height="720"${attr('poster', poster)}` +
      `${attr('title', page.title)}><source${attr('src', video)} type="video/mp4"></amp-video>`
    );
  }
  const image = safeUrl(page.imageUrl) ?? safeUrl(page.posterUrl) ?? posterFallback;
  return `<amp-img layout="fill" width="720" height="1280"${attr('src', image)}${attr('alt', page.title)}></amp-img>`;
}

function facts(page: AmpPage): string {
  if (page.objectType !== 'video') return '';
  const items = VIDEO_FORM_FIELDS.filter((f) => f.name !== 'title')
    .map((f) => ({ label: f.label, value: page.fields[f.name] }))
    .filter((f) => typeof f.value === 'string' && f.value.trim() !== '')
    .map((f) => `<li>${escapeHtml(f.label)}: ${escapeHtml(f.value)}</li>`);
  return items.length > 0 ? `<ul class="hc-facts">${items.join('')}</ul>` : '';
}

function text(page: AmpPage): string {
  const title = page.title ? `<h1 class="hc-title">${escapeHtml(page.title)}</h1>` : '';
  const subtitle = page.subtitle ? `<p class="hc-subtitle">${escapeHtml(page.subtitle)}</p>` : '';
  return title + subtitle + facts(page);
}

function renderPage(page: AmpPage, i: number, posterFallback: string): string {
  // A video page plays its whole clip: a fixed time would cut a longer clip short or hold a still frame
  // after a shorter one. Image pages keep their display time.
  const advance = pageVideo(page) ? videoId(i) : seconds(page.durationSeconds);
  const open = `<amp-story-page id="page-${i + 1}" auto-advance-after="${advance}">`;
  const body = text(page);
  const showText = page.blurb !== 0 && body !== '';
  if (page.layout === 1) {
    // Partial: media in the upper two thirds, the text below it.
    return (
      open +
      '<amp-story-grid-layer template="thirds">' +
      `<div grid-area="upper-two-thirds" class="hc-partial-media">${media(page, i, posterFallback)}</div>` +
      (showText ? `<div grid-area="lower-third" class="hc-partial-text">${body}</div>` : '') +
      '</amp-story-grid-layer></amp-story-page>'
    );
  }
  // Full: media fills the page, the text in a box over its lower part.
  return (
    open +
    `<amp-story-grid-layer template="fill">${media(page, i, posterFallback)}</amp-story-grid-layer>` +
    (showText
      ? `<amp-story-grid-layer template="vertical" class="hc-text"><div class="hc-box">${body}</div></amp-story-grid-layer>`
      : '') +
    '</amp-story-page>'
  );
}

/** The whole AMP story document. A story without pages gets one page of its poster and title. */
export function renderAmpStory(story: AmpStory): string {
  const poster = safeUrl(story.posterUrl) ?? '/favicon.ico';
  const pages: AmpPage[] =
    story.pages.length > 0
      ? story.pages
      : [
          {
            objectType: 'cover',
            title: story.title,
            subtitle: '',
            imageUrl: poster,
            videoUrl: null,
            posterUrl: null,
            layout: 0,
            blurb: 1,
            durationSeconds: 15,
            fields: {},
          },
        ];
  const hasVideo = pages.some((p) => p.objectType === 'video' && safeUrl(p.videoUrl));
  return [
    '<!doctype html>',
    '<html ⚡ lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(story.title)}</title>`,
    `<link rel="canonical"${attr('href', story.canonicalUrl)}>`,
    '<meta name="viewport" content="width=device-width">',
    '<script async src="https://cdn.ampproject.org/v0.js"></script>',
    '<script async custom-element="amp-story" src="https://cdn.ampproject.org/v0/amp-story-1.0.js"></script>',
    hasVideo
      ? '<script async custom-element="amp-video" src="https://cdn.ampproject.org/v0/amp-video-0.1.js"></script>'
      : '',
    BOILERPLATE,
    `<style amp-custom>${CUSTOM_CSS}</style>`,
    '</head>',
    '<body>',
    `<amp-story standalone${attr('title', story.title)}${attr('publisher', story.publisherName)}` +
      `${attr('publisher-logo-src', poster)}${attr('poster-portrait-src', poster)}>`,
    ...pages.map((page, i) => renderPage(page, i, poster)),
    '</amp-story>',
    '</body>',
    '</html>\n',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
