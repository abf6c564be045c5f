// The AMP document made readable without the AMP runtime. The preview frame is
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

// The frame may run scripts only so the browser lets its muted videos play on their own (a frame
// sandboxed without scripts ignores autoplay). This policy, enforced together with the console's own,
// still lets no script at all run in it, inline handlers included.
const NO_SCRIPT_POLICY = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'">`;

/** The document to put in the preview frame. */
export function staticPreviewDocument(html: string): string {
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const media = withoutScripts
    .replace(/<amp-img\b/gi, '<img class="hc-static-media"')
    .replace(/<\/amp-img>/gi, '')
    // Looped here: the preview keeps playing while it says Playing; the published story advances at the end.
    .replace(/<amp-video\b/gi, '<video class="hc-static-media" muted playsinline loop')
    .replace(/<\/amp-video>/gi, '</video>');
  const styled = /<\/head>/i.test(media)
    ? media.replace(/<\/head>/i, `${STATIC_STYLE}</head>`)
    : STATIC_STYLE + media;
  // The policy goes first in the head, before anything it must cover.
  return /<head\b[^>]*>/i.test(styled)
    ? styled.replace(/<head\b[^>]*>/i, (head) => head + NO_SCRIPT_POLICY)
    : NO_SCRIPT_POLICY + styled;
}
