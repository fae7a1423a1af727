/** One regular file of a tar archive. */
export interface TarEntry {
  name: string;
  content: Buffer;
}

const BLOCK = 512;

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/**
 * A POSIX ustar archive of regular files, byte for byte the same for the same input: fixed owner,
 * mode and the given modification time. Names must fit ustar's 100 bytes (the mock's are short).
 */
export function createTar(entries: readonly TarEntry[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  const seconds = Math.floor(mtime.getTime() / 1000);
  for (const entry of entries) {
    if (Buffer.byteLength(entry.name) > 100) throw new Error(`tar entry name too long: ${entry.name}`);
    const header = Buffer.alloc(BLOCK);
    writeString(header, 0, 100, entry.name);
    writeOctal(header, 100, 8, 0o644);
    writeOctal(header, 108, 8, 0);
    writeOctal(header, 116, 8, 0);
    writeOctal(header, 124, 12, entry.content.length);
    writeOctal(header, 136, 12, seconds);
    header.fill(' ', 148, 156); // the checksum counts its own field as spaces
    writeString(header, 156, 1, '0');
    writeString(header, 257, 6, 'ustar\0');
    writeString(header, 263, 2, '00');
    writeString(header, 265, 32, 'cloud-compile');
    writeString(header, 297, 32, 'cloud-compile');
    let checksum = 0;
    for (const byte of header) checksum += byte;
    writeString(header, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
    parts.push(header, entry.content);
    const padding = (BLOCK - (entry.content.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2)); // two empty blocks end the archive
  return Buffer.concat(parts);
}
