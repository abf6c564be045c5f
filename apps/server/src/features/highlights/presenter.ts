// Database rows to the spec's highlight shape: seconds for times, URLs for media paths.
import type { Highlight } from '@hc/shared/api/highlights';
import { videoUrlOf, type MediaStore } from '../media/store.ts';
import type { HighlightListRow, HighlightListTuple } from './repo.ts';
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

/** The same shape from a row of the highlight list's own query (times already in seconds). */
export function presentListRow(row: HighlightListTuple, media: MediaStore): Highlight {
  return {
    highlight_id: row[0],
    title: row[1],
    article_id: row[2],
    article_created_at: row[3],
    published_at: row[4],
    recommendation_score: row[5],
    article_active: row[6],
    ia_article_active: row[7],
    video_url: videoUrlOf(media, row[8]),
    thumbnail: media.url(row[9]),
    gif_url: row[10] ? media.url(row[10]) : null,
    resources: row[11],
    category: row[12],
    link: row[13],
    duration: row[14],
    non_uniq_regular_impressions: row[15],
    non_uniq_regular_clicks: row[16],
    regular_ctr: row[17],
    non_uniq_ia_impressions: row[18],
    non_uniq_ia_clicks: row[19],
    ia_ctr: row[20],
  };
}
