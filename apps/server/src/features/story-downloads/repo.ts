// Stories and their highlight sources as the downloads read them, scoped to a publisher.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { storyHighlightSources } from '@hc/db/story-highlight-sources';

const { stories } = schema;

export class StoryDownloadRepository {
  constructor(private readonly db: Db) {}

  /** The story of the publisher: its version (updated_at) names its archive job. */
  async story(publisherId: number, storyId: number) {
    const [story] = await this.db
      .select({ id: stories.id, updatedAt: stories.updatedAt, title: stories.title })
      .from(stories)
      .where(and(eq(stories.id, storyId), eq(stories.publisherId, publisherId)));
    return story ?? null;
  }

  /** The story's highlight MP4s; null when the publisher has no such story. */
  highlightSources(publisherId: number, storyId: number) {
    return storyHighlightSources(this.db, publisherId, storyId);
  }
}
