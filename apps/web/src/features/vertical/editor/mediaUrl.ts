// Video URLs of the API are extension-less; the browser plays their MP4 variant.
import { MP4_SUFFIX } from '@hc/shared/constants';

/** The MP4 of a media URL. */
export const mp4Url = (url: string): string =>
  url.toLowerCase().endsWith(MP4_SUFFIX) ? url : url + MP4_SUFFIX;
