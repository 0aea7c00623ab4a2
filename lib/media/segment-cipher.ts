import { createDecipheriv } from 'node:crypto';

/**
 * How a locked stream's segments are encrypted (scripts/media/package/encryption.ts) and a preview's are read back:
 * AES-128-CBC under the stream's key, each segment's IV its media sequence number (RFC 8216 §5.2, as no IV is written).
 */
export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

/** A segment's clear bytes; throws when they were not encrypted under this key and IV (bad padding). */
export function decryptSegment(bytes: Uint8Array, key: Buffer, sequence: number): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, sequenceIv(sequence));
  return Buffer.concat([decipher.update(bytes), decipher.final()]);
}
