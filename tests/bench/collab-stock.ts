// B8's reference: a stock y-websocket server (@y/websocket-server's setupWSConnection, in memory, no
// persistence) in its own process, answering {memory} over IPC like the bench's app server (server.ts).
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { setupWSConnection } from '@y/websocket-server/utils';
import { WebSocketServer } from 'ws';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const server = http.createServer();
const sockets = new WebSocketServer({ server });
// The document is named by the path, as y-websocket's own server does.
sockets.on('connection', (conn, request) => setupWSConnection(conn, request));

process.on('message', (message: { type: string; id: number }) => {
  if (message.type !== 'memory') return;
  collectGarbage();
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ type: 'memory', id: message.id, rss, heapUsed });
});
process.on('SIGTERM', () => {
  for (const socket of sockets.clients) socket.terminate();
  server.close(() => process.exit(0));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
