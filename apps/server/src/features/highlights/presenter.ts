// Database rows to the spec's highlight shape: seconds for times, URLs for media paths.
import type { Highlight } from '@hc/shared/api/highlights';
import { videoUrlOf, type MediaStore } from '../media/store.ts';
import type { HighlightListRow } from './repo.ts';
import { dateToSeconds } from '@hc/shared/formatters';

export function presentHighlight(row: HighlightListRow, media: MediaStore): Highlight {
  return {
    highlight_id: row.id,
    title: row.title,
    article_id: row.articleId,
    article_created_at: dateToSeconds(row.articleCreatedAt),
    published_at: dateToSeconds(row.publishedAt),
    recommendation_score: row.recommendationScore,
    article_active: row.articleActive,
    ia_article_active: row.iaArticleActive,
    video_url: videoUrlOf(media, row.videoPath),
    thumbnail: media.url(row.thumbnailPath),
    gif_url: row.gifPath ? media.url(row.gifPath) : null,
    resources: row.resources,
    category: row.category,
    link: row.link,
    duration: row.durationSeconds,
    non_uniq_regular_impressions: row.nonUniqRegularImpressions,
    non_uniq_regular_clicks: row.nonUniqRegularClicks,
    regular_ctr: row.regularCtr,
    non_uniq_ia_impressions: row.nonUniqIaImpressions,
    non_uniq_ia_clicks: row.nonUniqIaClicks,
    ia_ctr: row.iaCtr,
  };
}
