import yazl from 'yazl';

export interface ArchiveEntry {
  name: string;
  data: Buffer | string;
  /** Unix mode bits (file type included), e.g. 0o100644. */
  mode?: number;
  compress?: boolean;
}

/** Builds a ZIP archive in memory (yazl): the demo package, the benchmark and tests use it. */
export function zipToBuffer(entries: ArchiveEntry[], options: { forceZip64?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8'), entry.name, {
      ...(entry.mode !== undefined ? { mode: entry.mode } : {}),
      compress: entry.compress ?? true,
      forceZip64Format: options.forceZip64 ?? false,
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
