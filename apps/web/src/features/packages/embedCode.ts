// The embed snippet "get embed code" copies: the player script with the
// account id, and the wrapper element carrying the package's embed id.

/** The two-line snippet for a package, with the console's origin and the publisher's account id. */
export function embedSnippet(origin: string, publisherId: number, embedId: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    `<script async src="${base}/embed/player.js" data-account-id="${escapeAttr(String(publisherId))}"></script>`,
    `<div class="hc-top-videos" data-embed-id="${escapeAttr(embedId)}"></div>`,
  ].join('\n');
}

/** Embed ids are short tokens, but the snippet is pasted into HTML: never let a value break the markup. */
const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
