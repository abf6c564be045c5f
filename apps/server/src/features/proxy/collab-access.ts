// Proxy mode: whether a caller may co-edit a document is decided by the upstream, which holds it. The
// caller's own GET of the package or story answers it (200: theirs, 404: not), with the same roles and
// read-only rules as the local check (features/collab/access.ts) applied to what the upstream answered.
import type { CollabDocRef } from '@hc/shared/api/collab';
import { messages } from '@hc/shared/messages';
import type { AuthContext } from '../auth/sessions.ts';
import type { CollabAccessCheck } from '../../caller-contracts.ts';
import { forbidden, HttpError, notFound, unauthorized } from '../../plugins/errors.ts';
import { UpstreamError, type EditorApiUpstream, type UpstreamCredentials } from './upstream.ts';

const holds = (caller: AuthContext, role: 'editorial_manager' | 'stamp_manager' | 'create_new_video_page') =>
  caller.isAdmin || caller.roles.includes(role);

type Fetched = { status?: unknown; pages?: { object_type?: unknown }[] };

export class UpstreamCollabAccess implements CollabAccessCheck {
  constructor(private readonly upstream: EditorApiUpstream) {}

  private async fetch(path: string, credentials: UpstreamCredentials): Promise<Fetched> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.upstream.json('GET', path, credentials);
    } catch (error) {
      if (error instanceof UpstreamError) throw error.toHttpError();
      throw error;
    }
    if (answer.status === 401) throw unauthorized();
    if (answer.status === 403) throw forbidden();
    if (answer.status === 404) throw notFound();
    const data = (answer.body as { data?: unknown } | undefined)?.data;
    if (answer.status !== 200 || typeof data !== 'object' || data === null)
      throw new HttpError(502, [messages.editorApiFailed]);
    return data as Fetched;
  }

  async readOnly(caller: AuthContext, doc: CollabDocRef, credentials: UpstreamCredentials): Promise<boolean> {
    if (doc.kind === 'package') {
      if (!holds(caller, 'editorial_manager')) throw forbidden();
      const found = await this.fetch(`/api/v1/editor/packages/${encodeURIComponent(doc.id)}`, credentials);
      return found.status === 'Archive' || found.status === 'Rejected';
    }
    if (!holds(caller, 'stamp_manager')) throw forbidden();
    const story = await this.fetch(`/api/v1/editor/stamp/stories/${doc.id}`, credentials);
    if (holds(caller, 'create_new_video_page')) return false;
    return (story.pages ?? []).some((page) => page.object_type === 'video');
  }
}
