import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { PackageError } from './errors';

export interface ExtractLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may expand to, counted while inflating. */
  maxExpandedBytes: number;
  /** Most expanded bytes per byte of archive (zip bombs), applied past a small floor. */
  maxCompressionRatio: number;
}

export interface ExtractedFile {
  /** Path inside the package, forward slashes, no leading slash. */
  path: string;
  size: number;
}

/** Below this many expanded bytes the ratio limit does not apply: small text-heavy packages compress very well. */
const RATIO_FLOOR_BYTES = 32 * 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true }, (error, zip) => {
      if (error) reject(new PackageError(`The file is not a valid ZIP archive (${error.message}).`));
      else resolve(zip);
    });
  });
}

/** Entry names are UTF-8 when flagged (APPNOTE 4.4.4 bit 11); unflagged names are usually UTF-8 too, else CP437/Latin-1. */
function decodeName(entry: Entry): string {
  const raw = entry.fileNameRaw ?? (entry.fileName as unknown as Buffer);
  const buffer = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
  const utf8 = buffer.toString('utf8');
  if (entry.generalPurposeBitFlag & 0x800 || !utf8.includes('\uFFFD')) return utf8;
  return buffer.toString('latin1');
}

/**
 * The safe relative path of an entry, or a PackageError naming the entry: no `..` segments, no absolute
 * paths, no drive letters, no NUL bytes (zip-slip).
 */
export function safeEntryPath(name: string): string {
  const normalised = name.replace(/\\/g, '/');
  if (normalised.includes('\0')) throw new PackageError(`The archive entry "${name}" has an invalid name.`);
  if (normalised.startsWith('/') || /^[a-zA-Z]:/.test(normalised)) {
    throw new PackageError(`The archive entry "${name}" has an absolute path; packages may only hold relative paths.`);
  }
  const segments = normalised.split('/');
  if (segments.some((segment) => segment === '..')) {
    throw new PackageError(`The archive entry "${name}" points outside the package ("..").`);
  }
  return segments.filter((segment) => segment !== '' && segment !== '.').join('/');
}

/** Counts the bytes really inflated (headers can lie) and stops at the first byte over the budget. */
class ByteBudget extends Transform {
  constructor(private readonly count: (bytes: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.count(chunk.length);
      callback(null, chunk);
    } catch (error) {
      callback(error as Error);
    }
  }
}

/**
 * Extracts a ZIP archive (ZIP64 included) into `dest`, which must be a fresh folder: every entry is checked
 * before anything is written, and the caller removes `dest` on failure. Reports progress as 0..1 of the archive.
 */
export async function extractZip(
  archive: string,
  dest: string,
  limits: ExtractLimits,
  onProgress: (fraction: number) => void = () => {},
): Promise<ExtractedFile[]> {
  const archiveBytes = (await stat(archive)).size;
  const zip = await openZip(archive);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new PackageError(`The archive holds ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed.`);
  }
  const ratioBudget = Math.max(RATIO_FLOOR_BYTES, archiveBytes * limits.maxCompressionRatio);
  const budget = Math.min(limits.maxExpandedBytes, ratioBudget);
  const overBudget = () =>
    budget === limits.maxExpandedBytes
      ? new PackageError(`The archive expands to more than ${limits.maxExpandedBytes} bytes, the largest allowed.`)
      : new PackageError(`The archive expands more than ${limits.maxCompressionRatio} times its size (a possible zip bomb).`);

  let expanded = 0;
  const take = (bytes: number) => {
    expanded += bytes;
    if (expanded > budget) throw overBudget();
  };
  const files: ExtractedFile[] = [];
  const made = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      const message = error instanceof Error ? error.message : String(error);
      reject(error instanceof PackageError ? error : new PackageError(`The ZIP archive is damaged or unreadable (${message}).`));
    };
    let declared = 0;
    let seen = 0;
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    zip.on('entry', (entry: Entry) => {
      void (async () => {
        seen++;
        const name = decodeName(entry);
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        if (mode === S_IFLNK) throw new PackageError(`The archive entry "${name}" is a symbolic link; links are not allowed in packages.`);
        if (entry.isEncrypted()) throw new PackageError(`The archive entry "${name}" is encrypted; encrypted packages are not supported.`);
        const relative = safeEntryPath(name);
        declared += entry.uncompressedSize;
        if (declared > limits.maxExpandedBytes) throw overBudget();
        const isDir = name.endsWith('/') || name.endsWith('\\') || mode === S_IFDIR;
        if (relative === '') {
          zip.readEntry();
          return;
        }
        const target = path.join(dest, relative);
        if (isDir) {
          await ensureDir(target);
        } else {
          if (!entry.canDecodeFileData()) {
            throw new PackageError(`The archive entry "${name}" uses an unsupported compression method (${entry.compressionMethod}).`);
          }
          await ensureDir(path.dirname(target));
          const source = await new Promise<NodeJS.ReadableStream>((res, rej) =>
            zip.openReadStream(entry, (error, stream) => (error ? rej(error) : res(stream))),
          );
          let size = 0;
          await pipeline(
            source,
            new ByteBudget((bytes) => {
              size += bytes;
              take(bytes);
            }),
            createWriteStream(target),
          );
          files.push({ path: relative, size });
        }
        onProgress(seen / Math.max(1, zip.entryCount));
        if (!settled) zip.readEntry();
      })().catch(fail);
    });
    zip.readEntry();
  });
  return files;
}
