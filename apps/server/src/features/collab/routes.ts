// Co-editing: the ticket call (under /api/v1/editor, behind the session) and the y-websocket endpoint at
// /collab/:doc (top level). The socket is authorised at the upgrade: the Origin (plugins/origin.ts) and a
// single-use ticket from the query string, for exactly this document. A refused socket is closed with a
// 44xx code before any sync, which also tells y-websocket not to retry with the same ticket.
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import { messages } from '@hc/shared/messages';
import {
  COLLAB_CLOSE,
  COLLAB_LIMITS,
  COLLAB_PATH,
  collabCloseReasons,
  collabTicketRequestSchema,
  collabTicketSchema,
  parseCollabDoc,
} from '@hc/shared/api/collab';
import type { AppContext } from '../../context.ts';
import { callerOf, credentialsOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { isAllowedOrigin } from '../../plugins/origin.ts';
import type { ServerOps } from '../ops/metrics.ts';
import { CollabHub } from './hub.ts';
import { CollabRelay } from './relay.ts';
import { CollabStore } from './store.ts';
import { CollabTickets, type CollabGrant } from './tickets.ts';

/** ws refuses (1009) a longer message from its header, before reading it. */
const MAX_MESSAGE_BYTES = COLLAB_LIMITS.messageBytes;

export interface CollabServerOptions {
  /** A document with no sockets and no updates for this long is compacted and unloaded (default 30 s). */
  idleMs?: number | undefined;
  /** Ping interval of the sockets (default 15 s). */
  pingMs?: number | undefined;
  /** How often the sessions of open sockets are checked again (default 15 s). */
  sessionRecheckMs?: number | undefined;
}

/** POST collab/tickets {doc}: a ticket for one connection to the document, read-only or not. */
export async function collabTicketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tickets = new CollabTickets(ctx.redis);
  const access = ctx.collabAccess;

  api.post(
    '/collab/tickets',
    { schema: { body: collabTicketRequestSchema, response: { 200: okEnvelope(collabTicketSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const doc = parseCollabDoc(request.body.doc);
      if (!doc) throw badRequest(); // the schema already refused it
      const readOnly = await access.readOnly(caller, doc, credentialsOf(request));
      const { ticket, expiresAt } = await tickets.issue({
        sessionId: caller.sessionId,
        userId: caller.userId,
        email: caller.email,
        publisherId: caller.publisherId,
        doc: request.body.doc,
        readOnly,
      });
      return { success: true as const, data: { ticket, expires_at: expiresAt, read_only: readOnly } };
    },
  );
}

const isCollabUrl = (url: string | undefined) => url?.startsWith(`${COLLAB_PATH}/`) === true;

/** The /collab/:doc endpoint; registered at the top level, outside the /api prefix. */
export async function collabSocketRoutes(
  app: FastifyInstance,
  { ctx, options = {}, ops }: { ctx: AppContext; options?: CollabServerOptions; ops?: ServerOps },
) {
  // Websockets split by path on one HTTP server: @fastify/websocket would otherwise route every upgrade
  // (socket.io's too) through Fastify and answer 404 to those that are not its own.
  const upgrades = new EventEmitter();
  let closing = false;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isCollabUrl(request.url)) return;
    // Closing: refused at once, so the editor reconnects elsewhere (left alone, the upgrade would hang until
    // engine.io's destroyUpgradeTimeout and hold the closing HTTP server open that long).
    if (closing) return void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
    upgrades.emit('upgrade', request, socket, head);
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
  });

  const tickets = new CollabTickets(ctx.redis);
  const store = new CollabStore(ctx.db, (doc, rowIndex, error) =>
    app.log.error({ err: error, doc, rowIndex }, 'a stored collab update does not apply'),
  );
  const relay = new CollabRelay(ctx.redis, (error) => app.log.warn({ err: error }, 'collab relay error'));
  const hub = new CollabHub(store, relay, app.log, {
    idleMs: options.idleMs ?? 30_000,
    pingMs: options.pingMs ?? 15_000,
    sessionRecheckMs: options.sessionRecheckMs ?? 15_000,
    isSessionLive: (sessionId) => ctx.callers.isLive(sessionId),
  });
  relay.onResubscribed = () => hub.resync();
  if (ops) ops.collab = () => hub.stats();

  await app.register(fastifyWebsocket, {
    // Only .on('upgrade') (and .emit for injectWS) is used of the server it listens to.
    options: { server: upgrades as never, maxPayload: MAX_MESSAGE_BYTES },
    // At app close, before the HTTP server closes (it would wait for these upgraded sockets): instead of
    // the plugin's default (close every socket at once, with no code), flush the documents, then close
    // the sockets with 1012 (hub.close).
    preClose: async function (this: FastifyInstance) {
      closing = true;
      await hub.close();
      await new Promise((resolve) => this.websocketServer.close(resolve));
    },
  });

  const grants = new WeakMap<FastifyRequest, CollabGrant>();
  const refusals = new WeakMap<FastifyRequest, keyof typeof collabCloseReasons>();

  app.route<{ Params: { doc: string }; Querystring: { ticket?: string | string[] } }>({
    method: 'GET',
    url: `${COLLAB_PATH}/:doc`,
    // Decided before the upgrade, told after it: a close code is the only answer y-websocket reads.
    preValidation: async (request) => {
      if (!request.ws) return;
      if (!isAllowedOrigin(request.raw, ctx.config.consoleOrigins)) {
        refusals.set(request, 'origin');
        return;
      }
      const ticket = request.query.ticket;
      const grant = typeof ticket === 'string' ? await tickets.consume(ticket) : null;
      if (!grant || grant.doc !== request.params.doc) {
        refusals.set(request, 'ticket');
        return;
      }
      grants.set(request, grant);
    },
    // A plain GET (no upgrade) finds nothing here.
    handler: (_request, reply) => reply.status(404).send({ success: false, errors: [messages.notFound] }),
    wsHandler: (socket, request) => {
      const grant = grants.get(request);
      if (!grant) {
        const refusal = refusals.get(request) ?? 'ticket';
        socket.close(COLLAB_CLOSE[refusal], collabCloseReasons[refusal]);
        return;
      }
      hub.attach(socket, grant);
    },
  });
}
