// Package rows and their highlights to the spec's Package shape: seconds for times, URLs for media.
import type { Package } from '@hc/shared/api/packages';
import { videoUrlOf, type MediaStore } from '../media/store.ts';
import type { PackageHighlightRow, PackageRow } from './repo.ts';
import { dateToSeconds } from '@hc/shared/formatters';

/** Sum of the highlights' durations, to the hundredth of a second (real columns add float noise). */
const totalDuration = (items: PackageHighlightRow[]) =>
  Math.round(items.reduce((sum, h) => sum + h.durationSeconds, 0) * 100) / 100;

export function presentPackage(row: PackageRow, items: PackageHighlightRow[], media: MediaStore): Package {
  return {
    embed_id: row.embedId,
    name: row.name,
    alias: row.alias,
    package_type: row.packageType,
    category: row.category,
    status: row.status,
    highlights: items.map((h) => ({
      id: h.highlightId,
      title: h.title,
      original_title: h.originalTitle,
      thumbnail: media.url(h.thumbnailPath),
      video_url: videoUrlOf(media, h.videoPath),
      duration: h.durationSeconds,
      category: h.category,
    })),
    sequence: row.sequence,
    max_ads: row.maxAds,
    tvInvalidHlts: row.tvInvalidHlts,
    created_at: dateToSeconds(row.createdAt),
    updated_at: dateToSeconds(row.updatedAt),
    num_videos: items.length,
    duration: totalDuration(items),
    package_clicks: row.packageClicks,
    package_impressions: row.packageImpressions,
    package_ctr: row.packageCtr,
    package_iab_impressions: row.packageIabImpressions,
    package_iab_ctr: row.packageIabCtr,
  };
}
