// Grid submissions (one row per page session id) in the database.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { GridSubmitData } from '@hc/shared/api/ad-grid';

const { gridSubmissions } = schema;

interface Submitter {
  userId: number;
  email: string;
}

export class GridSubmissionRepository {
  constructor(private readonly db: Db) {}

  /** The session's first submit: true when this call wrote its row (the session id is the guard). */
  async insert(sessionId: string, by: Submitter, data: GridSubmitData): Promise<boolean> {
    const [inserted] = await this.db
      .insert(gridSubmissions)
      .values({ sessionId, userId: by.userId, email: by.email, data })
      .onConflictDoNothing({ target: gridSubmissions.sessionId })
      .returning({ sessionId: gridSubmissions.sessionId });
    return Boolean(inserted);
  }

  /**
   * The session's row made pending again with new data, when it failed its checks or its job failed
   * (still pending); a session applied or waiting is left alone. True when reopened.
   */
  async reopen(sessionId: string, by: Submitter, data: GridSubmitData): Promise<boolean> {
    const [reopened] = await this.db
      .update(gridSubmissions)
      .set({ data, status: 'pending', errors: [], userId: by.userId, email: by.email })
      .where(
        and(eq(gridSubmissions.sessionId, sessionId), inArray(gridSubmissions.status, ['failed', 'pending'])),
      )
      .returning({ sessionId: gridSubmissions.sessionId });
    return Boolean(reopened);
  }

  async statusOf(sessionId: string) {
    const [submission] = await this.db
      .select({ status: gridSubmissions.status, errors: gridSubmissions.errors })
      .from(gridSubmissions)
      .where(eq(gridSubmissions.sessionId, sessionId));
    return submission ?? null;
  }
}
