// A body for POST audit_log/create that the server takes: one frame-editor edit-log entry, the only kind
// of entry browsers may write.
export function editLogEntryBody(videoId: number, payload: Record<string, unknown> = {}) {
  return {
    action_name: 'MODIFY_KEYFRAME',
    object_id: videoId,
    object_type: 'vertical_video',
    payload: {
      frame: 120,
      action: 'MODIFY_KEYFRAME',
      old_value: '100,0',
      new_value: [130, 4],
      timestamp: 1_795_500_000_000,
      object_id: 1,
      vertical_video_id: videoId,
      group_id: 1,
      ...payload,
    },
  };
}
