// GET highlights/audit_download: the MP4 or GIF of a highlight as a file. Fetched with the auth headers
// (a token never goes into a URL), then handed to the browser as a blob.
import { useMutation } from '@tanstack/react-query';
import type { Highlight } from '@hc/shared/api/highlights';
import { API, requestBlob } from '../../../lib/api.ts';
import { filenameFromDisposition, saveBlob } from '../../../components/saveBlob.ts';
import type { DownloadFormat } from '../../../components/DownloadPanel.tsx';

export interface DownloadHighlightInput {
  highlight: Pick<Highlight, 'highlight_id' | 'article_id' | 'title'>;
  format: DownloadFormat;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name sent to the server: the title reduced to the characters the call accepts. */
export function downloadBaseName({ highlight_id, title }: DownloadHighlightInput['highlight']): string {
  const cleaned = title
    .normalize('NFKD')
    .replace(/[^\w.\- ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return cleaned ? `${cleaned} ${highlight_id}` : `highlight ${highlight_id}`;
}

/** Downloads the file; throws ApiError with the server's message on failure. */
export async function downloadHighlight({
  highlight,
  format,
}: DownloadHighlightInput): Promise<DownloadedFile> {
  const filename = downloadBaseName(highlight);
  const { blob, headers } = await requestBlob(API.editor, 'highlights/audit_download', {
    query: { filename, article_id: highlight.article_id, highlight_id: highlight.highlight_id, format },
  });
  return {
    blob,
    filename: filenameFromDisposition(headers.get('content-disposition')) ?? `${filename}.${format}`,
  };
}

/** Download as a mutation: resolves once the browser has been handed the file. */
export function useDownloadHighlight() {
  return useMutation({
    mutationFn: downloadHighlight,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
