import { describe, expect, it } from 'vitest';
import { bwrapArgs, sandboxed, type ToolSandbox } from './bubblewrap.js';

const sandbox = (kind: ToolSandbox['kind']): ToolSandbox => ({
  kind,
  readOnly: ['/opt/modules'],
  fileSizeLimitBytes: 1024,
  memoryLimitBytes: 4096,
});

describe('sandboxed', () => {
  it('bubblewrap: every namespace, dies with its parent, the system read-only, only the build directory writable', () => {
    const [file, args] = sandboxed(sandbox('bwrap'), '/tmp/cc-build-1', '/tmp/cc-build-1/src', 'ghdl', [
      '-a',
      './x.vhd',
    ]);
    expect(file).toBe('prlimit');
    expect(args.slice(0, 4)).toEqual(['--fsize=1024', '--data=4096', '--', 'bwrap']);
    const joined = args.join(' ');
    expect(joined).toContain('--unshare-all --die-with-parent --new-session --ro-bind /usr /usr');
    expect(joined).toContain(
      '--proc /proc --dev /dev --tmpfs /tmp --ro-bind /opt/modules /opt/modules --bind /tmp/cc-build-1 /tmp/cc-build-1 --chdir /tmp/cc-build-1/src -- ghdl -a ./x.vhd',
    );
    // Nothing else is bound read-write, and no home or /etc is there at all.
    expect(args.filter((a) => a === '--bind')).toHaveLength(1);
    expect(args).not.toContain('/etc');
    expect(args).not.toContain('/home');
  });

  it('without bubblewrap: unshare -rn (network only) or the bare command, always under the file size and memory limits', () => {
    expect(sandboxed(sandbox('network'), '/b', '/b', 'sh', ['-c', 'x'])).toEqual([
      'prlimit',
      ['--fsize=1024', '--data=4096', '--', 'unshare', '-rn', '--', 'sh', '-c', 'x'],
    ]);
    expect(sandboxed(sandbox('none'), '/b', '/b', 'sh', [])).toEqual([
      'prlimit',
      ['--fsize=1024', '--data=4096', '--', 'sh'],
    ]);
  });

  it('recreates merged-/usr links (/bin -> usr/bin) as links, not as writable folders', () => {
    const args = bwrapArgs(sandbox('bwrap'), '/b', '/b');
    const bin = args.indexOf('/bin');
    expect(['--symlink', '--ro-bind']).toContain(args[bin - 2]);
  });
});
