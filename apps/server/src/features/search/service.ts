// The quick search behind Ctrl+K: packages, stories, programs and vertical tasks of the caller's
// publisher, each kind only for a caller whose roles open its screen, at most `limit` of each, every
// result with the path of the screen that opens it, best first across kinds.
import { canAccess, PERMISSIONS } from '@hc/shared/access';
import type { SearchResult } from '@hc/shared/api/search';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { SearchRepository, searchTerms } from './repo.ts';

export class SearchService {
  private readonly repo: SearchRepository;

  constructor(ctx: AppContext) {
    this.repo = new SearchRepository(ctx.db);
  }

  async search(caller: AuthContext, text: string, limit: number): Promise<SearchResult[]> {
    const terms = searchTerms(text, limit);
    const { publisherId } = caller;
    const may = (rule: (typeof PERMISSIONS)[keyof typeof PERMISSIONS]) => canAccess(rule, caller.roles);
    const kinds: Promise<SearchResult[]>[] = [];
    if (may(PERMISSIONS.packages))
      kinds.push(
        this.repo.packages(publisherId, terms).then((rows) =>
          // The editor's path ends with a time stamp that makes each opening a fresh load.
          rows.map((r) => ({ kind: 'package', ...r, path: `/packages/editor/${r.id}/${Date.now()}` })),
        ),
      );
    if (may(PERMISSIONS.stories))
      kinds.push(
        this.repo
          .stories(publisherId, terms)
          .then((rows) => rows.map((r) => ({ kind: 'story', ...r, path: `/stamp/${r.id}` }))),
      );
    if (may(PERMISSIONS.stream))
      kinds.push(
        this.repo
          .programs(publisherId, terms)
          .then((rows) =>
            rows.map((r) => ({ kind: 'program', ...r, path: `/highlights/live/stream/program/${r.id}` })),
          ),
      );
    if (may(PERMISSIONS.view)) {
      const review = may(PERMISSIONS.review);
      kinds.push(
        this.repo.verticalTasks(publisherId, terms).then((rows) =>
          rows.map(({ contentType, status, ...r }) => {
            // A task waiting for review opens in the review list (for reviewers), any other in the view.
            const base = contentType === 'full_video' ? '/vertical' : '/highlights/live/vertical';
            const list = status === 'review' && review ? 'review' : 'view';
            return { kind: 'vertical_task', ...r, path: `${base}/${list}` };
          }),
        ),
      );
    }
    const results = (await Promise.all(kinds)).flat();
    return results.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
  }
}
