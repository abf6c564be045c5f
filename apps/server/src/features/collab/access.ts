// Who may open a co-edited document, and whether only to read it (docs/TEAM-CONTRACTS.md "Co-editing
// contract"). The roles are those of the REST calls that edit the document:
// - package:{embed id}: editorial_manager (admin passes), as every packages call. An archived or rejected
//   package cannot be changed (PUT answers 409), so its document is read-only.
// - story:{id}: stamp_manager (admin passes), as every stories call. Video pages need
//   create_new_video_page too; a user without it gets a read-only document when the story holds a video
//   page, so they cannot change a video page through the shared draft that a co-editor then saves.
// No role of these features only views, so the role alone never makes a document read-only.
// The document must belong to the caller's current publisher; anything else is the REST calls' 404.
import type { CollabDocRef } from '@hc/shared/api/collab';
import type { Db } from '@hc/db/client';
import type { AuthContext } from '../auth/sessions.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { PackageRepository } from '../packages/repo.ts';
import { StoryRepository } from '../stories/repo.ts';

const holds = (caller: AuthContext, role: 'editorial_manager' | 'stamp_manager' | 'create_new_video_page') =>
  caller.isAdmin || caller.roles.includes(role);

export class CollabAccess {
  private readonly packages: PackageRepository;
  private readonly stories: StoryRepository;

  constructor(db: Db) {
    this.packages = new PackageRepository(db);
    this.stories = new StoryRepository(db);
  }

  /** Whether the caller opens the document read-only; throws 403 without the role, 404 when not theirs. */
  async readOnly(caller: AuthContext, doc: CollabDocRef): Promise<boolean> {
    if (doc.kind === 'package') {
      if (!holds(caller, 'editorial_manager')) throw forbidden();
      const row = await this.packages.find(caller.publisherId, doc.id);
      if (!row) throw notFound();
      return row.status === 'Archive' || row.status === 'Rejected';
    }
    if (!holds(caller, 'stamp_manager')) throw forbidden();
    const story = await this.stories.find(caller.publisherId, doc.id);
    if (!story) throw notFound();
    if (holds(caller, 'create_new_video_page')) return false;
    const pages = (await this.stories.pagesOf([story.id])).get(story.id) ?? [];
    return pages.some((page) => page.objectType === 'video');
  }
}
