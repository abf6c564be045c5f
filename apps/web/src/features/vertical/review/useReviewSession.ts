// What the review modal holds while it is open: the lease on the task (a refusal closes the modal and
// says who has it), the task's suggestions capped by the setting, and the reviewer's feedback and
// selection, which start from the first load of the suggestions.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { ALGO_SUGGESTIONS_SETTING } from '@hc/shared/api/pending';
import { useToast } from '../../../lib/toast.tsx';
import { useTaskDetails } from '../api/get-task-details.ts';
import { useSetting } from '../api/get-settings.ts';
import { useTaskLock } from '../../../lib/locks/useTaskLock.ts';
import { initialFeedback, type FeedbackState } from './reviewFeedback.ts';
import { cappedSuggestions, initialSelection, suggestionLimit } from './suggestions.ts';

export function useReviewSession(task: VerticalTask, onChanged: () => void, onClose: () => void) {
  const toast = useToast();
  // The task is this reviewer's while the modal is open (its edit modal acts under the same lease).
  const lock = useTaskLock('vertical_task', task.video_id);
  const refusedWith = lock.state.status === 'refused' ? lock.state.message : null;
  const toldRefusal = useRef<string | null>(null);
  useEffect(() => {
    if (refusedWith === null || toldRefusal.current === refusedWith) return;
    toldRefusal.current = refusedWith;
    // Someone else took it first: say who, and let the lists show it.
    toast.error(refusedWith);
    onChanged();
    onClose();
  }, [refusedWith, toast, onChanged, onClose]);

  const details = useTaskDetails({
    video_id: task.video_id,
    status: task.status,
    content_type: task.content_type,
  });
  const limitSetting = useSetting(ALGO_SUGGESTIONS_SETTING);
  const limit = suggestionLimit(limitSetting.value);
  const suggestions = useMemo(
    () => (details.data ? cappedSuggestions(details.data, limit) : null),
    [details.data, limit],
  );
  const ready = suggestions !== null && !limitSetting.isPending;

  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  // The first load of the suggestions gives the starting feedback and selection.
  useEffect(() => {
    if (!ready || feedback !== null) return;
    setFeedback(initialFeedback(suggestions));
    setSelectedId(initialSelection(suggestions)?.vertical_content_id ?? null);
  }, [ready, suggestions, feedback]);

  return {
    lock,
    details,
    suggestions,
    ready,
    feedback,
    setFeedback,
    selectedId,
    setSelectedId,
    hoveredId,
    setHoveredId,
  };
}
