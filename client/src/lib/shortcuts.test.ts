import { describe, expect, it } from 'vitest';
import { appShortcuts, isApplePlatform } from './shortcuts';

describe('appShortcuts', () => {
  it('lists save and build, simulate, save, go to line and search with Ctrl', () => {
    expect(appShortcuts(false).map((s) => [s.action, s.keys.join('+')])).toEqual([
      ['Save and build', 'F8'],
      ['Simulate', 'F9'],
      ['Save', 'Ctrl+S'],
      ['Go to line', 'Ctrl+Alt+G'],
      ['Search', 'Ctrl+F'],
    ]);
  });

  it('uses Cmd for save, search and go to line on Apple systems, as CodeMirror binds Mod-Alt-g', () => {
    const keys = appShortcuts(true).map((s) => s.keys.join('+'));
    expect(keys).toContain('⌘ Cmd+S');
    expect(keys).toContain('⌘ Cmd+F');
    expect(keys).toContain('⌘ Cmd+⌥ Option+G');
    expect(keys.join(' ')).not.toContain('Ctrl');
  });

  it('recognises Apple platforms', () => {
    expect(isApplePlatform({ platform: 'MacIntel', userAgent: '' })).toBe(true);
    expect(isApplePlatform({ platform: '', userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0)' })).toBe(true);
    expect(isApplePlatform({ platform: 'Linux x86_64', userAgent: '' })).toBe(false);
  });
});
