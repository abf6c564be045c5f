// Dashboard v2 programs/index and program/{id}: role live_stream_publisher,
// scoped to the caller's publisher (another publisher's program is a 404).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  programDetailSchema,
  programExportQuerySchema,
  programListQuerySchema,
  programListSchema,
  type Program,
} from '@hc/shared/api/programs';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { answerCache, answerFromCache, sendKeptAnswer } from '../../plugins/cached-answers.ts';
import type { MediaStore } from '../media/store.ts';
import { presentProgram, presentProgramDetail } from './presenter.ts';
import { ProgramRepository } from './repo.ts';
import { csvDate, sendCsv, type CsvColumn } from '../../infra/csv-export.ts';

const PROGRAM_CSV_COLUMNS: CsvColumn<Program>[] = [
  { header: 'Program', value: (p) => p.program_name || p.title },
  { header: 'ID', value: (p) => p.program_id },
  { header: 'Channel', value: (p) => p.channel },
  { header: 'External ID', value: (p) => p.external_program_id },
  { header: 'Start Time (UTC)', value: (p) => csvDate(p.start_time) },
];

export async function programRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new ProgramRepository(ctx.db);
  // List pages (kept in the read cache until a table they read changes) read the programs only.
  const pages = answerCache(ctx.changes, ['programs']);
  // The role is checked before the input, so a caller without it learns nothing about validation.
  app.addHook('onRequest', requireRoles('live_stream_publisher'));

  api.get(
    '/programs/index',
    {
      schema: { querystring: programListQuerySchema, response: { 200: okEnvelope(programListSchema) } },
      onRequest: sendKeptAnswer(pages),
    },
    (request, reply) => {
      const { publisherId } = callerOf(request);
      return answerFromCache(reply, pages, publisherId, async () => {
        const page = await repo.list(publisherId, request.query);
        return {
          success: true as const,
          data: { programs: page.rows.map(presentProgram), count: page.count },
        };
      });
    },
  );

  api.get('/programs/export.csv', { schema: { querystring: programExportQuerySchema } }, (request, reply) => {
    const { publisherId } = callerOf(request);
    return sendCsv(reply, 'programs.csv', PROGRAM_CSV_COLUMNS, async (page, per) => {
      const rows = await repo.list(publisherId, { ...request.query, page, per });
      return rows.rows.map(presentProgram);
    });
  });

  api.get(
    '/program/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(programDetailSchema) } } },
    async (request) => {
      const program = await repo.find(callerOf(request).publisherId, request.params.id);
      if (!program) throw notFound();
      return {
        success: true as const,
        data: presentProgramDetail(program, await repo.highlights(program.id), media),
      };
    },
  );
}
