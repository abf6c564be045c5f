// The New story flow of the list: the dialog opens empty each time, a created story is announced, the
// search is cleared (the new story is first in the unfiltered list) and its drawer opens.
import { useState } from 'react';
import { messages } from '@hc/shared/messages';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateStory } from '../api/create-story.ts';
import type { Story } from '../api/types.ts';

export interface CreateStoryFlow {
  /** Opens the dialog with an empty title. */
  start: () => void;
  /** A new key per opening: the dialog forgets the last title typed. */
  dialogKey: number;
  /** The dialog's props. */
  dialog: {
    visible: boolean;
    busy: boolean;
    onCreate: (title: string) => void;
    onHide: () => void;
  };
}

export function useCreateStoryFlow(onCreated: (story: Story) => void): CreateStoryFlow {
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const create = useCreateStory();
  const onCreate = (title: string) =>
    create.mutate(title, {
      onSuccess: (story) => {
        toast.success(messages.storyCreated);
        setCreating(false);
        onCreated(story);
      },
      onError: () => toast.error(messages.storyCreateFailed),
    });
  return {
    start: () => {
      setCreateKey((k) => k + 1);
      setCreating(true);
    },
    dialogKey: createKey,
    dialog: {
      visible: creating,
      busy: create.isPending,
      onCreate,
      onHide: () => setCreating(false),
    },
  };
}
