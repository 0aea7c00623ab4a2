import 'server-only';
import { parseEnv } from './schema';

/** The server's configuration, parsed on first import; instrumentation.ts checks it at start (lib/env/startup.ts). */
export const env = parseEnv(process.env);
