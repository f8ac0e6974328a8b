import { createPublicKey, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { badRequest } from '../errors';
import { sameStatement } from './normalize';
import type { JsonObject } from './rules';

export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';
const ALGORITHMS: Record<string, string> = { RS256: 'RSA-SHA256', RS384: 'RSA-SHA384', RS512: 'RSA-SHA512' };

function decodeSegment(segment: string, what: string): JsonObject {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as JsonObject;
  } catch {
    throw badRequest(`signature attachment: the JWS ${what} is not a base64url JSON object`);
  }
}

/**
 * xAPI 2.0 Part 2 2.6 "Signed Statements": the signature attachment is a JWS (compact
 * serialisation) with RS256/384/512 whose payload is the statement as signed (the LRS-set
 * properties and the attachments aside). When the header carries an x5c certificate chain, the
 * signature is checked with the first certificate's public key.
 */
export function verifySignedStatement(statement: JsonObject, jws: string): void {
  const segments = jws.trim().split('.');
  if (segments.length !== 3 || segments.some((s) => !/^[A-Za-z0-9_-]*$/.test(s))) {
    throw badRequest('signature attachment is not a JWS in compact serialisation');
  }
  const [headerPart, payloadPart, signaturePart] = segments;
  const header = decodeSegment(headerPart, 'header');
  const algorithm = ALGORITHMS[String(header.alg)];
  if (!algorithm) throw badRequest(`signature attachment: JWS algorithm "${String(header.alg)}" is not RS256, RS384 or RS512`);
  const payload = decodeSegment(payloadPart, 'payload');
  const signed: JsonObject = { ...payload };
  const sent: JsonObject = { ...statement };
  for (const s of [signed, sent]) {
    delete s.attachments;
    delete s.stored;
    delete s.authority;
    delete s.version;
  }
  if (signed.id === undefined) delete sent.id;
  if (signed.timestamp === undefined) delete sent.timestamp;
  if (!sameStatement(signed, sent)) throw badRequest('signature attachment: the JWS payload does not match the statement');
  const chain = header.x5c;
  if (Array.isArray(chain) && chain.length > 0) {
    let key: KeyObject;
    try {
      key = new X509Certificate(Buffer.from(String(chain[0]), 'base64')).publicKey;
    } catch {
      try {
        key = createPublicKey(`-----BEGIN CERTIFICATE-----\n${String(chain[0])}\n-----END CERTIFICATE-----`);
      } catch {
        throw badRequest('signature attachment: the x5c certificate cannot be read');
      }
    }
    const ok = createVerify(algorithm).update(`${headerPart}.${payloadPart}`).verify(key, Buffer.from(signaturePart, 'base64url'));
    if (!ok) throw badRequest('signature attachment: the JWS signature does not verify with its x5c certificate');
  }
}
