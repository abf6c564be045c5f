// GET search: the quick search behind Ctrl+K. Parsed here, answered by service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import { searchQuerySchema, searchResultsSchema } from '@hc/shared/api/search';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { SearchService } from './service.ts';

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const search = new SearchService(ctx);

  api.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: okEnvelope(searchResultsSchema) } } },
    async (request) => {
      const { q, limit } = request.query;
      return { success: true as const, data: { results: await search.search(callerOf(request), q, limit) } };
    },
  );
}
