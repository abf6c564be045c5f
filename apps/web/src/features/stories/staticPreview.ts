// The AMP document made readable without the AMP runtime (issue 4 point 7). The preview frame is
// sandboxed without scripts and the runtime's CDN is out of reach here, so the document as served would
// stay hidden for the boilerplate's 8 s and then show white text over amp-img elements that never load.
// For the console's preview only, this adds a static stylesheet (each page one 414x736 screen, stacked),
// drops the script tags (they could not run anyway) and shows amp-img / amp-video as plain img / video.
// User text in the document is already escaped by the server, so matching tag names here only meets
// real tags.

const STATIC_STYLE = `<style data-hc-static-preview>
body{animation:none!important;-webkit-animation:none!important;visibility:visible!important;margin:0;background:#0f172a}
amp-story{display:block}
amp-story-page{display:block;position:relative;width:100%;height:736px;overflow:hidden;background:#111827}
amp-story-page+amp-story-page{border-top:3px solid #6366f1}
amp-story-grid-layer{position:absolute;inset:0;display:flex;flex-direction:column;box-sizing:border-box}
amp-story-grid-layer[template=vertical]{justify-content:flex-end}
.hc-static-media{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
</style>`;

/** The document to put in the preview frame. */
export function staticPreviewDocument(html: string): string {
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const media = withoutScripts
    .replace(/<amp-img\b/gi, '<img class="hc-static-media"')
    .replace(/<\/amp-img>/gi, '')
    .replace(/<amp-video\b/gi, '<video class="hc-static-media" muted playsinline')
    .replace(/<\/amp-video>/gi, '</video>');
  return /<\/head>/i.test(media)
    ? media.replace(/<\/head>/i, `${STATIC_STYLE}</head>`)
    : STATIC_STYLE + media;
}
