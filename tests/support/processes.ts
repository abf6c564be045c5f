// Real server and worker processes for the topology test: started exactly as production starts them
// (`node --import tsx apps/<app>/src/main.ts`) on loopback, plus what stands between them and the
// clients in a deployment: a load balancer that sends a new connection to the first backend that
// accepts it, and a co-editing socket that fetches a fresh ticket for every connection (as the web does).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { eventually } from './retry.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(repoRoot, 'apps/server/src/main.ts');
const WORKER_ENTRY = path.join(repoRoot, 'apps/worker/src/main.ts');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  name: string;
  child: ChildProcess;
  /** Every line the process wrote (stdout and stderr), in order. */
  lines: string[];
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** The JSON log lines (pino) whose message is `message`. */
  logged(message: string): Record<string, unknown>[];
  /** The last lines, for a failure message. */
  tail(count?: number): string;
}

/** Every child still running: killed when the test process exits, even if a suite's cleanup never ran. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function spawnApp(name: string, entry: string, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const parsed = () =>
    lines.flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  return {
    name,
    child,
    lines,
    exited,
    logged: (message) => parsed().filter((entry) => (entry.msg ?? entry.message) === message),
    tail: (count = 30) => lines.slice(-count).join('\n'),
  };
}

const isRunning = (app: AppProcess) => app.child.exitCode === null && app.child.signalCode === null;

/**
 * Polls a URL until it answers 200; fails at once, with the process's output, if the process died. A
 * process that never gets ready is killed before the failure is thrown, so no start leaves one behind.
 */
async function waitForOk(app: AppProcess, url: string, timeoutMs: number): Promise<void> {
  try {
    await eventually(
      async () => {
        if (!isRunning(app)) throw new Error(`${app.name} exited during start:\n${app.tail()}`);
        const response = await fetch(url).catch(() => null);
        if (response?.status !== 200) throw new Error(`${app.name} not ready at ${url}:\n${app.tail()}`);
      },
      timeoutMs,
      200,
    );
  } catch (error) {
    await killHard(app);
    throw error;
  }
}

export interface ServerProcess extends AppProcess {
  port: number;
  url: string;
}

/**
 * A server process on a free loopback port (or on `env.PORT`, to restart one where its clients expect it);
 * resolves once GET /readyz answers 200.
 */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const app = spawnApp(name, SERVER_ENTRY, {
    HOST: '127.0.0.1',
    PORT: String(port),
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(app, `${url}/readyz`, 90_000);
  return { ...app, port, url };
}

export interface WorkerProcess extends AppProcess {
  metricsUrl: string;
}

/** A worker process; resolves once its GET /healthz (WORKER_METRICS_PORT) answers 200. */
export async function startWorkerProcess(name: string, env: Record<string, string>): Promise<WorkerProcess> {
  const port = await freePort();
  const app = spawnApp(name, WORKER_ENTRY, { HOST: '127.0.0.1', WORKER_METRICS_PORT: String(port), ...env });
  const metricsUrl = `http://127.0.0.1:${port}`;
  await waitForOk(app, `${metricsUrl}/healthz`, 90_000);
  return { ...app, metricsUrl };
}

/** SIGKILL: the process dies at once, as in a crash or an OOM kill. Resolves once it is gone. */
export async function killHard(app: AppProcess): Promise<void> {
  if (isRunning(app)) app.child.kill('SIGKILL');
  await app.exited;
}

/** Stops every process still running: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcesses(apps: AppProcess[], graceMs = 5_000): Promise<void> {
  await Promise.all(
    apps.map(async (app) => {
      if (!isRunning(app)) return;
      app.child.kill('SIGTERM');
      const timer = setTimeout(() => app.child.kill('SIGKILL'), graceMs);
      await app.exited;
      clearTimeout(timer);
    }),
  );
}

export interface FailoverProxy {
  /** http://127.0.0.1:{port} */
  url: string;
  /** Cuts every open connection (both ends), as a network drop would; the proxy keeps accepting. */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * A TCP load balancer on loopback: each new connection goes to the first of `backends()` (ports) that
 * accepts it, and lives and dies with that backend connection. A client whose server process died
 * reconnects here and lands on the next one, which is what the deployment's nginx does for it.
 */
export function startFailoverProxy(backends: () => number[]): Promise<FailoverProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    client.pause();
    client.on('error', () => client.destroy());
    const candidates = [...backends()];
    const tryNext = () => {
      const port = candidates.shift();
      if (port === undefined || client.destroyed) return client.destroy();
      const upstream = connect(port, '127.0.0.1');
      const refused = () => {
        upstream.destroy();
        tryNext();
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        track(upstream);
        upstream.on('error', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryNext();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        dropConnections: () => {
          for (const socket of sockets) socket.destroy();
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

type Listener = ((event: never) => void) | null;

/**
 * A WebSocket class for y-websocket's WebsocketProvider that fetches a fresh single-use ticket before
 * each connection (a reconnect included) and opens the real socket with `?ticket=`, as the web's
 * ticketSocket.ts does in the browser.
 */
export function ticketedWebSocket(fetchTicket: () => Promise<string>): typeof WebSocket {
  class TicketedWebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readyState = 0;
    binaryType = 'arraybuffer';
    onopen: Listener = null;
    onmessage: Listener = null;
    onclose: Listener = null;
    onerror: Listener = null;
    private socket: WebSocket | null = null;
    private closed = false;

    constructor(url: string, protocols?: string | string[]) {
      fetchTicket().then(
        (ticket) => {
          if (this.closed) return;
          const target = new URL(url);
          target.searchParams.set('ticket', ticket);
          const socket = new WebSocket(target, protocols);
          socket.binaryType = 'arraybuffer';
          socket.onopen = (event) => {
            this.readyState = 1;
            this.onopen?.(event as never);
          };
          socket.onmessage = (event) => this.onmessage?.(event as never);
          socket.onerror = (event) => this.onerror?.(event as never);
          socket.onclose = (event) => {
            this.readyState = 3;
            this.onclose?.(event as never);
          };
          this.socket = socket;
        },
        () => {
          if (this.closed) return;
          // No ticket (no server answered): a closed socket, which the provider retries.
          this.readyState = 3;
          this.onclose?.({ code: 4000, reason: 'no ticket' } as never);
        },
      );
    }

    send(data: ArrayBufferLike | Uint8Array) {
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(data);
    }

    close() {
      this.closed = true;
      this.readyState = 3;
      this.socket?.close();
    }
  }
  return TicketedWebSocket as unknown as typeof WebSocket;
}
