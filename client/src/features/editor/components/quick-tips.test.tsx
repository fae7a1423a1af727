import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QuickTips } from './quick-tips';

const tip = (name: string) => screen.getByText(name).nextElementSibling?.textContent;

describe('QuickTips', () => {
  it('lists the shortcuts with Ctrl elsewhere', () => {
    render(<QuickTips hasFiles apple={false} />);
    expect(tip('SAVE AND BUILD')).toBe('F8');
    expect(tip('QUICK SAVE')).toBe('Ctrl + s');
    expect(tip('GOTO LINE')).toBe('Ctrl + Alt + g');
  });

  it('lists the Mac keys on a Mac: Cmd for save and go to line, as the editor binds them', () => {
    render(<QuickTips hasFiles apple />);
    expect(tip('QUICK SAVE')).toBe('⌘ Cmd + s');
    expect(tip('GOTO LINE')).toBe('⌘ Cmd + ⌥ Option + g');
  });
});
