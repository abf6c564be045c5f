// The worker process's only HTTP: GET /healthz and GET /metrics on WORKER_METRICS_PORT, for the
// container's health check and the Prometheus scraper. Nothing else is served.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface OpsServerOptions {
  port: number;
  host: string;
  registry: Registry;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
  /** True once shutdown began: /healthz answers 503. */
  draining: () => boolean;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Starts listening; resolves with the server (its address tells the port when 0 was asked). */
export function startOpsServer(options: OpsServerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const json = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET') return json(405, { status: 'method_not_allowed' });
    if (path === '/healthz') {
      return options.draining() ? json(503, { status: 'shutting_down' }) : json(200, { status: 'ok' });
    }
    if (path === '/metrics') {
      if (options.metricsToken && !bearerMatches(request.headers.authorization, options.metricsToken)) {
        return json(401, { status: 'unauthorized' });
      }
      options.registry.metrics().then(
        (body) => {
          response.writeHead(200, {
            'content-type': options.registry.contentType,
            'cache-control': 'no-store',
          });
          response.end(body);
        },
        () => json(500, { status: 'error' }),
      );
      return;
    }
    return json(404, { status: 'not_found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
