/**
 * An answer as data, for the domain code that must not build HTTP itself (lib/media, lib/payments): which
 * kind of answer it is, its headers and its body. lib/api/responses.ts sends it with its kind's status; a
 * refusal is lib/errors.ts's Refusal. Plain module: types only.
 */
export type Reply =
  /** `content`: the whole of what was asked; `partial`: the Range asked for; `not-modified`: the copy the client holds is current. */
  | { ok: true; kind: 'content' | 'partial' | 'not-modified'; headers: Record<string, string>; body: ReplyBody | null }
  | { ok: true; kind: 'redirect'; url: string; headers: Record<string, string> };

type ReplyBody = ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | string;
