// The BullMQ queue names: the worker serves them, the server enqueues on them, and the web tells a job's
// live progress (job_progress events) by its queue and id.
export const QUEUES = {
  maintenance: 'maintenance',
  storyHighlightsZip: 'story-highlights-zip',
  verticalRender: 'vertical-render',
  verticalReframe: 'vertical-reframe',
  monetizationSubmit: 'monetization-submit',
  reportFill: 'report-fill',
  reportUpdate: 'report-update',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
