import { randomBytes } from 'node:crypto';
import { badRequest } from '../errors';

export interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

/** The boundary parameter of a multipart Content-Type, or a 400 naming it. */
export function boundaryOf(contentType: string): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('Content-Type multipart/mixed must have a boundary parameter');
  return boundary;
}

/** Splits a buffered multipart body (RFC 2046 5.1) into its parts. */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw badRequest('multipart body does not contain its boundary');
  for (;;) {
    let start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    else if (body[start] === 0x0a) start += 1;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw badRequest('multipart body is not terminated by its closing boundary');
    let end = next;
    if (body[end - 1] === 0x0a) end -= 1;
    if (body[end - 1] === 0x0d) end -= 1;
    const chunk = body.subarray(start, end);
    let headerEnd = chunk.indexOf('\r\n\r\n');
    let separator = 4;
    if (headerEnd < 0) {
      headerEnd = chunk.indexOf('\n\n');
      separator = 2;
    }
    const headers: Record<string, string> = {};
    let content: Buffer;
    if (headerEnd < 0) {
      content = chunk;
    } else {
      for (const line of chunk.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      content = chunk.subarray(headerEnd + separator);
    }
    parts.push({ headers, body: content });
    position = next;
  }
  return parts;
}

/** Builds a multipart/mixed answer; returns the body and its Content-Type. */
export function buildMultipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `xapi-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), part.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/mixed; boundary=${boundary}` };
}
