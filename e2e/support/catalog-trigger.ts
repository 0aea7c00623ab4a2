import { createServer } from 'node:http';
import { catalogWritten } from '../../functions/src/index';

/**
 * The catalog's Firestore trigger (functions/src/index.ts) run as Firebase's Functions emulator runs it: triggers
 * registered with Google's Firestore emulator (started with `--functions_emulator`, firestore-emulator.ts), which
 * then POSTs every matching write here as a binary-mode CloudEvent (`ce-*` headers; the body the base64 text of a
 * protobuf DocumentEventData); each is handed to our deployed function itself, which tells the site.
 */
export interface CatalogTrigger {
  /** Events the function handled, and why any failed. */
  delivered: string[];
  failures: string[];
  stop: () => Promise<void>;
}

interface TriggerOptions {
  /** The Firestore emulator, host:port. */
  emulator: string;
  projectId: string;
  /** Where the emulator was told to deliver (its `--functions_emulator`). */
  port: number;
  /** What the function's parameters are set to on deploy. */
  site: string;
  secret: string;
}

const TRIGGER_ID_PREFIX = 'catalogWritten-';

/** What a 2nd-gen Firestore function declares of its trigger. */
interface Endpoint {
  eventType: string;
  eventFilters: { database: string; namespace: string };
  eventFilterPathPatterns: { document: string };
}

export async function startCatalogTrigger({ emulator, projectId, port, site, secret }: TriggerOptions): Promise<CatalogTrigger> {
  // The function's parameters (`firebase deploy` asks for SITE_URL; the secret comes from Secret Manager) and the
  // project its snapshots are read in, as the Functions emulator sets them.
  const saved = { SITE_URL: process.env.SITE_URL, CATALOG_EVENTS_SECRET: process.env.CATALOG_EVENTS_SECRET, GCLOUD_PROJECT: process.env.GCLOUD_PROJECT };
  Object.assign(process.env, { SITE_URL: site, CATALOG_EVENTS_SECRET: secret, GCLOUD_PROJECT: projectId });
  const functions = new Map(Object.entries(catalogWritten).map(([name, run]) => [`${TRIGGER_ID_PREFIX}${name}`, run]));
  const delivered: string[] = [];
  const failures: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const id = decodeURIComponent(/^\/functions\/projects\/[^/]+\/triggers\/(.+)$/.exec(request.url ?? '')?.[1] ?? '');
      const run = functions.get(id);
      if (!run) return void response.writeHead(404).end();
      const event: Record<string, unknown> = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([header]) => header.startsWith('ce-'))
          .map(([header, value]) => [header.slice(3), value]),
      );
      event.data = Buffer.from(Buffer.concat(chunks).toString('utf8'), 'base64');
      try {
        await (run as unknown as (event: unknown) => Promise<unknown>)(event);
        delivered.push(String(event.document));
        response.writeHead(200).end();
      } catch (error) {
        failures.push(`${String(event.document)}: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // As firebase-tools registers a 2nd-gen function's trigger: from what the function declares (its `__endpoint`).
  for (const [id, run] of functions) {
    const { eventType, eventFilters, eventFilterPathPatterns } = (run as unknown as { __endpoint: { eventTrigger: Endpoint } }).__endpoint.eventTrigger;
    const response = await fetch(`http://${emulator}/emulator/v1/projects/${projectId}/eventarcTrigger?eventarcTriggerId=${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventType, ...eventFilters, document: { value: eventFilterPathPatterns.document, matchType: 'PATH_PATTERN' } }),
    });
    if (!response.ok) throw new Error(`the Firestore emulator refused ${id}: ${response.status} ${await response.text()}`);
  }
  return {
    delivered,
    failures,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
