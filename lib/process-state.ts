/**
 * The one registry of what this server process keeps between requests across Next's bundles: instrumentation, each
 * route and the pages are bundled apart, each with its own copy of a module, so state that must be one a process
 * (the catalog sync's, the read counter) lives here, under one global name, a slot an owner.
 */
const registry = ((globalThis as { __solenema?: Map<string, unknown> }).__solenema ??= new Map<string, unknown>());

/** The process's state of `owner`, made by `create` the first time any bundle asks. */
export function processState<T>(owner: string, create: () => T): T {
  if (!registry.has(owner)) registry.set(owner, create());
  return registry.get(owner) as T;
}
