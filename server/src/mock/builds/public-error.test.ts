import { describe, expect, it } from 'vitest';
import { publicErrorMessage } from './public-error.js';

const fsError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('publicErrorMessage', () => {
  it('says what a file system error means, without the path it failed on', () => {
    const error = fsError('ENAMETOOLONG', "ENAMETOOLONG: name too long, open '/tmp/cc-build-1.ab-x/src/中中.vhd'");
    expect(publicErrorMessage(error)).toBe('a file name is longer than the file system allows (255 bytes of UTF-8)');
    expect(publicErrorMessage(fsError('ENOSPC', "ENOSPC: no space left on device, write '/tmp/x'"))).toBe(
      "the build machine's disk is full",
    );
  });

  it('keeps only the last part of any other path, quoted or not', () => {
    expect(publicErrorMessage(new Error("EISDIR: illegal operation, read '/home/ada/work/cc/fixtures/x.vhd'"))).toBe(
      "EISDIR: illegal operation, read 'x.vhd'",
    );
    expect(publicErrorMessage(new Error('cannot read /srv/gateway/fixtures/platform/pkg.vhd now'))).toBe(
      "cannot read 'pkg.vhd' now",
    );
    expect(publicErrorMessage('the store and/or the queue failed')).toBe('the store and/or the queue failed');
  });
});
