// POST audit_log/create with object_type 'vertical_video': one frame-editor change.
// The payload is the model's edit-log entry; the server also files it in edit_log. Not a mutation
// hook: the editor's queue (editor/editLogQueue.ts) orders, debounces and reports these calls itself.
import type { EditLogEntry } from '@hc/shared/vertical/frame-editor';
import { editorApi } from '../../../lib/api.ts';

export const EDIT_LOG_OBJECT_TYPE = 'vertical_video';

export const logEdit = (entry: EditLogEntry): Promise<{ id: number }> =>
  editorApi<{ id: number }>('audit_log/create', {
    method: 'POST',
    body: {
      payload: entry,
      action_name: entry.action,
      object_id: entry.vertical_video_id,
      object_type: EDIT_LOG_OBJECT_TYPE,
    },
  });
