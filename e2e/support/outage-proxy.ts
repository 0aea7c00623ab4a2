import { createServer } from 'node:http';
import {
  connect,
  constants,
  createServer as createH2cServer,
  type ClientHttp2Session,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2';
import { freePort } from './processes';

/** What fails: nothing, every call, or only writes (reads still answer). */
export type Outage = 'none' | 'everything' | 'writes';
const outages: readonly Outage[] = ['none', 'everything', 'writes'];

const WRITES = /\/(Commit|BatchWrite|Write)$/;
/** Trailers-only gRPC answer of an unreachable Firestore: firebase-admin retries it until the site's own deadline. */
const UNAVAILABLE = { ':status': 200, 'content-type': 'application/grpc', 'grpc-status': '14', 'grpc-message': 'Firestore is unreachable (a test outage)' };

export interface OutageProxy {
  /** host:port, what FIRESTORE_EMULATOR_HOST takes instead of the emulator's. */
  host: string;
  setOutage: (outage: Outage) => void;
  stop: () => Promise<void>;
}

const covers = (outage: Outage, method: string) => outage === 'everything' || (outage === 'writes' && WRITES.test(method));

/** Headers to pass on: HTTP/2 sets its own pseudo-headers for the other hop, except those that say what is asked. */
function forwardable(headers: IncomingHttpHeaders, keep: string[]): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') || keep.includes(name)));
}

/**
 * A plaintext gRPC (h2c) proxy in front of the emulator at `target`: each stream (unary, server-streaming, and
 * bidi like Listen and Write) is forwarded with its headers, data and trailers; during an outage the calls it
 * covers answer UNAVAILABLE at once, and the streams it covers that are open are reset as a dropped connection is.
 */
export async function startOutageProxy(target: string, port?: number): Promise<OutageProxy> {
  let outage: Outage = 'none';
  let upstream: ClientHttp2Session | undefined;
  const session = () => {
    if (!upstream || upstream.closed || upstream.destroyed) {
      upstream = connect(`http://${target}`);
      // A failed connection fails its streams, which answer their callers; the session's own error adds nothing.
      upstream.on('error', () => {});
    }
    return upstream;
  };
  const open = new Map<ServerHttp2Stream, string>();
  const server = createH2cServer();
  const clients = new Set<ServerHttp2Session>();
  server.on('session', (client) => {
    clients.add(client);
    client.once('close', () => clients.delete(client));
  });
  server.on('stream', (stream, headers) => {
    const method = String(headers[':path']);
    if (covers(outage, method)) {
      stream.resume();
      return stream.respond(UNAVAILABLE, { endStream: true });
    }
    const forwarded = session().request(forwardable(headers, [':method', ':path']));
    open.set(stream, method);
    let trailers: OutgoingHttpHeaders = {};
    forwarded.on('response', (response, flags) => {
      if (stream.closed) return;
      // A trailers-only answer (an error) ends with its headers: it carries grpc-status itself.
      const endStream = (flags & constants.NGHTTP2_FLAG_END_STREAM) !== 0;
      stream.respond(forwardable(response, [':status']), endStream ? { endStream } : { waitForTrailers: true });
    });
    forwarded.on('trailers', (received) => (trailers = forwardable(received, [])));
    stream.on('wantTrailers', () => stream.sendTrailers(trailers));
    forwarded.on('error', () => stream.close(constants.NGHTTP2_REFUSED_STREAM));
    forwarded.on('close', () => {
      if (!stream.closed && forwarded.rstCode !== constants.NGHTTP2_NO_ERROR) stream.close(forwarded.rstCode);
    });
    stream.on('error', () => forwarded.close(constants.NGHTTP2_CANCEL));
    stream.on('close', () => {
      open.delete(stream);
      if (!forwarded.closed) forwarded.close(constants.NGHTTP2_CANCEL);
    });
    stream.pipe(forwarded);
    forwarded.pipe(stream);
  });
  const listening = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listening, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${listening}`,
    setOutage(next) {
      outage = next;
      // REFUSED_STREAM is how grpc-js learns of a lost connection: UNAVAILABLE, retried.
      for (const [stream, method] of open) if (covers(outage, method)) stream.close(constants.NGHTTP2_REFUSED_STREAM);
    },
    stop: async () => {
      // Clients keep their connections open: closing the server waits for them.
      for (const client of clients) client.destroy();
      upstream?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Lets tests in other processes switch outages: POST /everything, /writes or /none on `port`. */
export function serveOutageSwitch(setOutage: (outage: Outage) => void, port: number) {
  const control = createServer((request, response) => {
    const outage = outages.find((o) => request.url === `/${o}`);
    if (request.method !== 'POST' || !outage) return void response.writeHead(404).end();
    setOutage(outage);
    response.writeHead(204).end();
  });
  control.listen(port, '127.0.0.1');
  return () => new Promise<void>((resolve) => control.close(() => resolve()));
}

/** For a spec: starts an outage of the shared Firestore ('none' ends it). */
export async function setFirestoreOutage(url: string, outage: Outage) {
  const response = await fetch(`${url}/${outage}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Firestore outage switch: ${response.status}`);
}
