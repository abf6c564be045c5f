// POST stamp/uploaded_objects/create?file_type=image|video (multipart, field `file`): the page's image or
// video. The server inspects the file again and answers 422 with the catalogue message.
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { UploadedObject } from './types.ts';

export function uploadObject(file: File, fileType: 'image' | 'video'): Promise<UploadedObject> {
  const body = new FormData();
  body.append('file', file);
  return editorApi<UploadedObject>('stamp/uploaded_objects/create', {
    method: 'POST',
    query: { file_type: fileType },
    body,
  });
}

export function useUploadObject() {
  return useMutation({
    mutationFn: ({ file, fileType }: { file: File; fileType: 'image' | 'video' }) =>
      uploadObject(file, fileType),
  });
}
