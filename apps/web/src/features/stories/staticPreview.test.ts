import { describe, expect, it } from 'vitest';
import { staticPreviewDocument } from './staticPreview.ts';

const doc = `<!doctype html><html ⚡><head><script async src="https://cdn.ampproject.org/v0.js"></script>
<style amp-boilerplate>body{animation:-amp-start 8s}</style></head><body><amp-story standalone>
<amp-story-page id="p1"><amp-story-grid-layer template="fill"><amp-img layout="fill" src="/a.jpg" alt="&lt;b&gt;"></amp-img></amp-story-grid-layer>
<amp-story-grid-layer template="vertical"><h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1></amp-story-grid-layer></amp-story-page>
<amp-story-page id="p2"><amp-video autoplay poster="/p.jpg" layout="fill"><source src="/v.mp4" type="video/mp4"></amp-video></amp-story-page>
</amp-story></body></html>`;

describe('staticPreviewDocument', () => {
  const out = staticPreviewDocument(doc);
  it('drops the script tags', () => expect(out).not.toMatch(/<script\b/i));
  it('adds the static stylesheet in the head, cancelling the boilerplate', () => {
    expect(out).toMatch(
      /<style data-hc-static-preview>[\s\S]*animation:none!important[\s\S]*<\/style><\/head>/,
    );
  });
  it('shows amp-img and amp-video as img and video', () => {
    expect(out).toContain('<img class="hc-static-media" layout="fill" src="/a.jpg"');
    expect(out).toContain('<video class="hc-static-media" muted playsinline loop autoplay poster="/p.jpg"');
    expect(out).not.toMatch(/<\/?amp-(img|video)\b/);
  });
  it('forbids every script in the frame with its own content policy, first in the head', () => {
    expect(out).toMatch(
      /<head><meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'">/,
    );
  });
  it('leaves escaped user text escaped', () => {
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
  it('works on a fragment without a head', () => {
    expect(staticPreviewDocument('<p>x</p>')).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'"><style data-hc-static-preview>[\s\S]*<p>x<\/p>$/,
    );
  });
});
