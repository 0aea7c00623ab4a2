import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRC32C } from '@google-cloud/storage';

interface StoredObject {
  bytes: Buffer;
  contentType: string;
  cacheControl?: string;
  generation: string;
}

interface UploadSession {
  bucket: string;
  name: string;
  contentType: string;
  cacheControl?: string;
  received: Buffer[];
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
const crc32c = (bytes: Buffer) => {
  const sum = new CRC32C();
  sum.update(bytes);
  return sum.toString();
};

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

const failure = (response: ServerResponse, code: number, message: string) => json(response, code, { error: { code, message, errors: [{ message }] } });

/**
 * Cloud Storage's JSON API, in memory, for what `media:package` asks of it with gs:// (an object's metadata, its
 * bytes, a resumable upload), as @google-cloud/storage (under firebase-admin) reaches it through
 * STORAGE_EMULATOR_HOST. Like the service, it answers each object with its MD5 and CRC32C (the client checks both
 * after an upload and a download) and refuses an upload whose X-Goog-Hash disagrees with its bytes. A call it does
 * not know answers 501, so a gap shows rather than passes.
 */
export async function startCloudStorage() {
  const objects = new Map<string, StoredObject>();
  const sessions = new Map<string, UploadSession>();
  const uploads: string[] = [];
  let generation = 1;

  const resource = (bucket: string, name: string, object: StoredObject) => ({
    kind: 'storage#object',
    id: `${bucket}/${name}/${object.generation}`,
    bucket,
    name,
    generation: object.generation,
    size: String(object.bytes.length),
    contentType: object.contentType,
    ...(object.cacheControl && { cacheControl: object.cacheControl }),
    md5Hash: md5(object.bytes),
    crc32c: crc32c(object.bytes),
  });

  function store(bucket: string, name: string, bytes: Buffer, contentType: string, cacheControl?: string) {
    const object = { bytes, contentType, cacheControl, generation: String(generation++) };
    objects.set(`${bucket}/${name}`, object);
    return object;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://storage');
    const uploadTo = /\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    const objectAt = /\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname);

    if (uploadTo && request.method === 'POST' && url.searchParams.get('uploadType') === 'resumable') {
      const metadata = JSON.parse((await bodyOf(request)).toString() || '{}') as { contentType?: string; cacheControl?: string };
      const name = url.searchParams.get('name');
      if (!name) return failure(response, 400, 'Required parameter: name');
      const id = randomUUID();
      const contentType = (request.headers['x-upload-content-type'] as string | undefined) ?? metadata.contentType ?? 'application/octet-stream';
      sessions.set(id, { bucket: decodeURIComponent(uploadTo[1]!), name, contentType, cacheControl: metadata.cacheControl, received: [] });
      response.writeHead(200, { Location: `http://${request.headers.host}${url.pathname}?uploadType=resumable&upload_id=${id}` });
      return response.end();
    }

    if (uploadTo && request.method === 'PUT' && url.searchParams.has('upload_id')) {
      const session = sessions.get(url.searchParams.get('upload_id')!);
      if (!session) return failure(response, 404, 'No such upload session');
      session.received.push(await bodyOf(request));
      const bytes = Buffer.concat(session.received);
      // "bytes 0-*/*" or "bytes a-b/*": the rest of the object in this request; "…/N": complete once N bytes are in.
      const total = /\/(\d+)$/.exec((request.headers['content-range'] as string | undefined) ?? '')?.[1];
      if (total !== undefined && bytes.length < Number(total)) {
        response.writeHead(308, { Range: `bytes=0-${bytes.length - 1}` });
        return response.end();
      }
      const hashes = Object.fromEntries(
        ((request.headers['x-goog-hash'] as string | undefined) ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.trim().split(/=(.*)/s).slice(0, 2) as [string, string]),
      );
      if ((hashes.md5 && hashes.md5 !== md5(bytes)) || (hashes.crc32c && hashes.crc32c !== crc32c(bytes)))
        return failure(response, 400, 'Provided checksums do not match the uploaded bytes');
      sessions.delete(url.searchParams.get('upload_id')!);
      uploads.push(`${session.bucket}/${session.name}`);
      const object = store(session.bucket, session.name, bytes, session.contentType, session.cacheControl);
      return json(response, 200, resource(session.bucket, session.name, object));
    }

    if (objectAt && request.method === 'GET') {
      const [bucket, name] = [decodeURIComponent(objectAt[1]!), decodeURIComponent(objectAt[2]!)];
      const object = objects.get(`${bucket}/${name}`);
      if (!object) return failure(response, 404, `No such object: ${bucket}/${name}`);
      if (url.searchParams.get('alt') !== 'media') return json(response, 200, resource(bucket, name, object));
      response.writeHead(200, {
        'Content-Type': object.contentType,
        'Content-Length': String(object.bytes.length),
        'X-Goog-Hash': `crc32c=${crc32c(object.bytes)},md5=${md5(object.bytes)}`,
        'X-Goog-Generation': object.generation,
      });
      return response.end(object.bytes);
    }

    return failure(response, 501, `${request.method} ${url.pathname} is not part of this stand-in`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => failure(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** For STORAGE_EMULATOR_HOST. */
    host: `http://127.0.0.1:${port}`,
    objects,
    /** Every object uploaded, in order, as bucket/name. */
    uploads,
    put: (bucket: string, name: string, bytes: Buffer, contentType: string) => void store(bucket, name, bytes, contentType),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
