import { describe, expect, it } from 'vitest';
import { vimModeName } from './vim-support';

describe('vimModeName', () => {
  it("names vim's modes as its own status line does", () => {
    expect(vimModeName({ mode: 'normal' })).toBe('NORMAL');
    expect(vimModeName({ mode: 'insert' })).toBe('INSERT');
    expect(vimModeName({ mode: 'replace' })).toBe('REPLACE');
    expect(vimModeName({ mode: 'visual', subMode: '' })).toBe('VISUAL');
    expect(vimModeName({ mode: 'visual', subMode: 'linewise' })).toBe('VISUAL LINE');
    expect(vimModeName({ mode: 'visual', subMode: 'blockwise' })).toBe('VISUAL BLOCK');
  });
});
