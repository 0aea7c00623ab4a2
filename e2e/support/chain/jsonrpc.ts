import { RpcError } from './errors';

export type Handler = (params: unknown[]) => unknown;

interface Request {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/**
 * Answers a JSON-RPC 2.0 text message (a single request or a batch) with the given methods.
 * Returns undefined when nothing must be sent back (notifications only, e.g. web3.js's ws ping).
 */
export function answer(text: string, methods: Record<string, Handler>): unknown {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return failure(null, new RpcError(-32700, 'Parse error'));
  }
  if (!Array.isArray(message)) return answerOne(message, methods);
  if (message.length === 0) return failure(null, new RpcError(-32600, 'Invalid request'));
  const answers = message.map((request) => answerOne(request, methods)).filter((reply) => reply !== undefined);
  return answers.length > 0 ? answers : undefined;
}

function answerOne(request: unknown, methods: Record<string, Handler>): unknown {
  if (!request || typeof request !== 'object') return failure(null, new RpcError(-32600, 'Invalid request'));
  const { id, method, params } = request as Request;
  const notification = id === undefined;
  if (typeof method !== 'string') return failure(id ?? null, new RpcError(-32600, 'Invalid request'));
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return notification ? undefined : failure(id, new RpcError(-32601, 'Method not found'));
  try {
    const result = handler(Array.isArray(params) ? params : []);
    return notification ? undefined : { jsonrpc: '2.0', result, id };
  } catch (error) {
    if (notification) return undefined;
    // Anything a handler did not anticipate comes from a malformed argument (bad bytes, bad key).
    return failure(id, error instanceof RpcError ? error : new RpcError(-32602, `Invalid params: ${(error as Error).message}`));
  }
}

function failure(id: unknown, error: RpcError) {
  return {
    jsonrpc: '2.0',
    error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
    id,
  };
}
