// Queue names and job payloads: what the server enqueues and the worker processes. Payloads carry ids,
// never secrets; job ids are derived from the input so that a repeated enqueue is the same job.

export const QUEUES = {
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface MaintenanceJobs {
  /** Deletes ended sessions and login attempts older than the retention. */
  'purge-expired-sessions': { loginAttemptRetentionDays: number };
}

/** BullMQ needs a connection that retries forever rather than failing a blocking command. */
export const BULLMQ_CONNECTION_OPTIONS = { maxRetriesPerRequest: null } as const;
