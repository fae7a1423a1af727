import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { artifactPath, saveArtifact } from './download';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'artifact-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('artifactPath', () => {
  it('refuses names that would write outside the folder', () => {
    expect(artifactPath('out', 'bitstreams.tar')).toBe(path.join('out', 'bitstreams.tar'));
    for (const name of ['../x', '/etc/passwd', 'a\\b', '..', '.', '', 'a\nb']) {
      expect(() => artifactPath('out', name), JSON.stringify(name)).toThrow(/not a plain file name/);
    }
  });
});

describe('saveArtifact', () => {
  it('writes the bytes under the name once they are all there', async () => {
    const bytes = Buffer.from([0, 1, 2, 255]);
    expect(
      await saveArtifact(Readable.from([bytes.subarray(0, 2), bytes.subarray(2)]), path.join(dir, 'a.bin'), 4),
    ).toBe(4);
    expect(await readFile(path.join(dir, 'a.bin'))).toEqual(bytes);
    expect(await readdir(dir)).toEqual(['a.bin']);
  });

  it('leaves nothing when fewer or more bytes arrive than the build lists', async () => {
    await expect(saveArtifact(Readable.from([Buffer.from('abc')]), path.join(dir, 'short.bin'), 4)).rejects.toThrow(
      'short.bin: received 3 of 4 bytes; nothing saved',
    );
    await expect(saveArtifact(Readable.from([Buffer.from('abcde')]), path.join(dir, 'long.bin'), 4)).rejects.toThrow(
      /more than the 4 bytes/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves nothing when the connection breaks mid-way', async () => {
    let sent = false;
    const broken = new Readable({
      read() {
        if (sent) this.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
        else this.push(Buffer.from('ab'));
        sent = true;
      },
    });
    await expect(saveArtifact(broken, path.join(dir, 'cut.bin'), 4)).rejects.toThrow(
      'cut.bin: download failed (ECONNRESET); nothing saved',
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
