// The embed snippet "get embed code" copies (issue 3 contracts; spec 002 §2.9): the player script with the
// account id, and the wrapper element carrying the package's embed id.

/** The two-line snippet for a package of a publisher, served from `origin`. */
export function embedSnippet(origin: string, publisherId: number, embedId: string): string {
  return [
    `<script async src="${origin}/embed/player.js" data-account-id="${publisherId}"></script>`,
    `<div class="hc-top-videos" data-embed-id="${embedId}"></div>`,
  ].join('\n');
}
