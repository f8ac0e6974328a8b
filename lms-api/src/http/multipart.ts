import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { badRequest, payloadTooLarge } from './errors';

export interface FileRule {
  /** Largest accepted file in bytes. */
  maxBytes: number;
  /** Accepts a file when its name or MIME type fits; the message names what is expected. */
  accept?: { test: (file: { filename: string; mimeType: string }) => boolean; message: string };
}

export interface MultipartOptions {
  /** Folder under which each request gets its own temporary folder. */
  tmpDir: string;
  files: Record<string, FileRule>;
  maxFieldBytes?: number;
  maxFields?: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  size: number;
  /** Temporary path; removed when the response ends unless the handler moved it. */
  path: string;
}

/**
 * Streams a multipart request to disk (never the whole upload in memory). Text fields come back as
 * strings; files land in a temporary folder that is removed once the response is finished.
 */
export async function parseMultipart(
  req: Request,
  res: Response,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  await mkdir(options.tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.tmpDir, 'upload-'));
  res.on('close', () => void rm(dir, { recursive: true, force: true }));

  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const largest = Math.max(0, ...Object.values(options.files).map((rule) => rule.maxBytes));

  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: largest,
          fieldSize: options.maxFieldBytes ?? 1024 * 1024,
          fields: options.maxFields ?? 100,
          files: Object.keys(options.files).length,
        },
      });
    } catch {
      reject(badRequest('Malformed multipart request.'));
      return;
    }
    const writes: Promise<void>[] = [];
    let failure: Error | null = null;
    // The first failure answers at once; the rest of the request is drained and ignored.
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(badRequest(`Field ${name} is too long.`));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const rule = options.files[name];
      if (!rule) {
        stream.resume();
        fail(badRequest(`Unexpected file field ${name}.`));
        return;
      }
      const filename = path.basename(info.filename || 'upload');
      if (rule.accept && !rule.accept.test({ filename, mimeType: info.mimeType })) {
        stream.resume();
        fail(badRequest(rule.accept.message));
        return;
      }
      const target = path.join(dir, `${name}-${Object.keys(files).length}${path.extname(filename)}`);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > rule.maxBytes) {
          stream.unpipe();
          fail(payloadTooLarge(`File ${name} is larger than ${rule.maxBytes} bytes.`));
        }
      });
      stream.on('limit', () => fail(payloadTooLarge(`File ${name} is larger than ${rule.maxBytes} bytes.`)));
      writes.push(
        pipeline(stream, createWriteStream(target)).then(() => {
          files[name] = { field: name, filename, mimeType: info.mimeType, size, path: target };
        }),
      );
    });
    parser.on('fieldsLimit', () => fail(badRequest('Too many form fields.')));
    parser.on('filesLimit', () => fail(badRequest('Too many files.')));
    parser.on('error', (error: Error) => fail(badRequest(`Malformed multipart request: ${error.message}`)));
    parser.on('close', () => {
      Promise.all(writes).then(
        () => (failure ? undefined : resolve()),
        (error: Error) => fail(error),
      );
    });
    req.on('aborted', () => fail(badRequest('Upload aborted.')));
    req.pipe(parser);
  });
  return { fields, files };
}
