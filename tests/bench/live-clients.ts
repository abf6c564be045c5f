// B6's reviewers: socket.io clients in a process of their own (forked by live.ts), so that the server's
// event loop and memory carry only the server's side of 1,000 sockets. Messages over IPC:
//   {connect, sessions}  opens one socket per session (in batches), answers {connected, failed, ms}
//   {collect}            answers {receipts}: every pending_counts push received since the last collect, as
//                        [socket index, wall-clock ms of receipt, autoHighlightReview]
//   {close}              disconnects every socket and exits
import { io, type Socket } from 'socket.io-client';

interface SessionOfReviewer {
  email: string;
  token: string;
}

type Message =
  { type: 'connect'; port: number; sessions: SessionOfReviewer[] } | { type: 'collect' } | { type: 'close' };

const send = (message: unknown) => process.send?.(message);
/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes of this machine. */
const wallClock = () => performance.timeOrigin + performance.now();
const CONNECT_BATCH = 50;

const sockets: Socket[] = [];
let receipts: [number, number, number][] = [];

function connectOne(port: number, session: SessionOfReviewer, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { email: session.email, token: session.token },
      reconnection: false,
      forceNew: true,
    });
    socket.on('pending_counts', (counts: { autoHighlightReview: number }) => {
      receipts.push([index, wallClock(), counts.autoHighlightReview]);
    });
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
    sockets.push(socket);
  });
}

/** A bench child that cannot do what it was asked ends, so the parent sees it gone rather than waiting. */
const dieOn = (error: unknown) => {
  console.error(error);
  process.exit(1);
};

process.on('message', (message: Message) => void onMessage(message).catch(dieOn));

async function onMessage(message: Message) {
  if (message.type === 'connect') {
    const started = performance.now();
    let failed = 0;
    for (let i = 0; i < message.sessions.length; i += CONNECT_BATCH) {
      const batch = message.sessions.slice(i, i + CONNECT_BATCH);
      const results = await Promise.all(batch.map((s, j) => connectOne(message.port, s, i + j)));
      failed += results.filter((ok) => !ok).length;
    }
    send({ type: 'connected', failed, ms: performance.now() - started });
  } else if (message.type === 'collect') {
    send({ type: 'receipts', receipts });
    receipts = [];
  } else {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
}
send({ type: 'ready' });
