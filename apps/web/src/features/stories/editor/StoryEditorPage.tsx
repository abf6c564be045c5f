// The story editor's route (/stamp/{id}): refused on mobile devices, loads the
// story, and a failed load goes to /stamp. The story's id keys the editor.
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toast.tsx';
import { PageSpinner } from '../../../lib/config/config.tsx';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { useIsMobileDevice } from '../../../components/useIsMobileDevice.ts';
import { useStory } from '../api/get-story.ts';
import { STORIES_PATH, storyIdParam } from '../storyLinks.ts';
import { StoryEditor } from './StoryEditor.tsx';
import '../stories.css';
import './storyEditor.css';

export function StoryEditorPage() {
  const { id } = useParams();
  const storyId = storyIdParam(id);
  const mobile = useIsMobileDevice();
  const toast = useToast();
  const navigate = useNavigate();
  const query = useStory(mobile ? null : storyId);

  const handled = useRef(false);
  const failed = storyId === null || (query.isError && query.data === undefined);
  useEffect(() => {
    if (mobile || !failed || handled.current) return;
    handled.current = true;
    if (query.error instanceof ApiError && query.error.status === 401) return;
    toast.error(query.error instanceof ApiError ? query.error.message : messages.somethingWentWrong);
    void navigate(STORIES_PATH, { replace: true });
  }, [mobile, failed, query.error, toast, navigate]);

  if (mobile) {
    return (
      <StatePanel
        kind="info"
        icon="pi pi-desktop"
        message={messages.editorNotOnMobile}
        testId="story-editor-mobile"
      />
    );
  }
  // Always open a fresh copy, never one cached by an earlier visit.
  if (failed || !query.data || !query.isFetchedAfterMount) return <PageSpinner label="Loading story" />;
  return <StoryEditor key={query.data.id} initial={query.data} />;
}
