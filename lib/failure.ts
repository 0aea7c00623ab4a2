/**
 * A failure as one log line: its name, message and cause, never its stack (a refused payment or an outage
 * is news, not a bug to trace) and never a URL's path or query, where RPC providers put API keys.
 */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let cause: unknown = error, depth = 0; cause !== undefined && cause !== null && depth < 3; depth += 1) {
    parts.push(cause instanceof Error ? `${cause.name}: ${cause.message}` : typeof cause === 'object' ? JSON.stringify(cause) : String(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return withoutUrlPaths(parts.join(' ← ')).slice(0, 500);
}

/** `https://host/secret-key?x=1` → `https://host/…`: the host says which provider, the rest may be a credential. */
const withoutUrlPaths = (text: string) => text.replace(/\b((?:https?|wss?):\/\/[^/\s"'?#]+)[^\s"']*/g, (_, origin: string) => `${origin}/…`);
