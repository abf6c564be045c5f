// Figures the documentation states, kept in one place so a page never drifts from another.
import { PACKAGE_MAX_HIGHLIGHTS, PACKAGE_MIN_HIGHLIGHTS } from '@hc/shared/constants';

export const DOCS_FACTS = {
  showreelHighlights: 5,
  packageHighlights: { min: PACKAGE_MIN_HIGHLIGHTS, max: PACKAGE_MAX_HIGHLIGHTS },
  highlightSeconds: { min: 3, max: 9 },
  configurableSeconds: { min: 6, max: 9 },
  topVideosWidthPx: { min: 300, recommended: 320 },
  topVideosMaxVideoHeightPx: 450,
  controlGroupPercent: 10,
  shareNetworksPerPost: 1,
} as const;

/** The account id used in examples when no one is signed in. */
export const EXAMPLE_ACCOUNT_ID = 10400;
/** The staging account of any account: its production id plus one. */
export const stagingAccountId = (productionId: number): number => productionId + 1;

export const EMBED_SCRIPT = {
  production: 'https://player.highlights-console.example/v1/embed.js',
  staging: 'https://staging.player.highlights-console.example/v1/embed.js',
} as const;
/** The attribute of the wrapper element that names the embed (a package alias or id). */
export const EMBED_ID_ATTRIBUTE = 'data-embed-id';

/** The snippet a publisher pastes into an article page. */
export function embedSnippet(accountId: number, scriptUrl: string, embedId = 'my-unique-alias'): string {
  return [
    `<!-- Highlights Console embed -->`,
    `<div class="hc-embed" ${EMBED_ID_ATTRIBUTE}="${embedId}"></div>`,
    `<script async src="${scriptUrl}" data-account-id="${accountId}"></script>`,
  ].join('\n');
}

/** The snippet that embeds the weekly calendar of a publisher's live programs. */
export function calendarSnippet(accountId: number, scriptUrl: string): string {
  return [
    `<!-- Highlights Console calendar -->`,
    `<div class="hc-embed" ${EMBED_ID_ATTRIBUTE}="calendar" data-view="week"></div>`,
    `<script async src="${scriptUrl}" data-account-id="${accountId}"></script>`,
  ].join('\n');
}
