import { createHash } from 'node:crypto';

/** Namespace of the platform's name-based statement ids (a fixed random UUID). */
export const STATEMENT_NAMESPACE = '6f1c3f0e-6a47-4b8e-9d3b-2c8f1f0a7d51';

/** RFC 4122 4.3 name-based UUID, version 5 (SHA-1). */
export function uuidV5(name: string, namespace = STATEMENT_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
