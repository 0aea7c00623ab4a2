import 'server-only';
import { parseEnv } from './schema';

/** The server's configuration, parsed once at start (see instrumentation.ts). */
export const env = parseEnv(process.env);
