// POST vertical_video/update: saves a new version of the suggestion's keyframe file and time range from
// the frame editor (Modify); the server queues its vertical render (202) (spec 001 §4, §7).
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import {
  useInvalidateAfterWrite,
  type VerticalVideoWrite,
  type VerticalVideoWriteResult,
} from './create-vertical.ts';

export const updateVertical = (input: VerticalVideoWrite): Promise<VerticalVideoWriteResult> =>
  editorApi<VerticalVideoWriteResult>('vertical_video/update', { method: 'POST', body: input });

export function useUpdateVertical() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({ mutationFn: updateVertical, onSuccess: invalidate });
}
