import { RpcError } from './errors';

export type Params = unknown[];
export type Config = Record<string, unknown>;

export function stringParam(params: Params, index: number): string {
  const value = params[index];
  if (typeof value !== 'string') throw new RpcError(-32602, `Invalid params: expected a string at position ${index}`);
  return value;
}

export function config(params: Params, index: number): Config {
  const value = params[index];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {};
}

/** A list of strings, refused whole past `max` items, as agave refuses it before reading any. */
export function stringsParam(params: Params, index: number, max: number): string[] {
  const value = params[index];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new RpcError(-32602, `Invalid params: expected an array of strings at position ${index}`);
  }
  if (value.length > max) throw new RpcError(-32602, `Too many inputs provided; max ${max}`);
  return value;
}
