// POST vertical_video/update: saves a new version of the suggestion's keyframe file and time range from
// the frame editor (Modify); the server queues its vertical render (202).
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import { fencedRequest, type Fenced } from '../../../lib/locks/api/task-lock.ts';
import {
  useInvalidateAfterWrite,
  type VerticalVideoWrite,
  type VerticalVideoWriteResult,
} from './create-vertical.ts';

/** Sent under the task's lease: its fencing number goes as the x-lock-fence header. */
export const updateVertical = (input: Fenced<VerticalVideoWrite>): Promise<VerticalVideoWriteResult> =>
  editorApi<VerticalVideoWriteResult>('vertical_video/update', { method: 'POST', ...fencedRequest(input) });

export function useUpdateVertical() {
  const invalidate = useInvalidateAfterWrite();
  // Not awaited: the caller's mutateAsync (the success message, the render progress) must not wait for
  // the lists and the task's details to be fetched again.
  return useMutation({ mutationFn: updateVertical, onSuccess: () => void invalidate() });
}
