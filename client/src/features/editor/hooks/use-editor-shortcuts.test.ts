// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useEditorShortcuts } from './use-editor-shortcuts';

function press(target: Element, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('useEditorShortcuts', () => {
  it('Ctrl/Cmd+S saves and F8 saves and builds, without the browser acting on them', () => {
    const onSave = vi.fn();
    const onSaveAndBuild = vi.fn();
    renderHook(() => useEditorShortcuts({ onSave, onSaveAndBuild }));
    expect(press(document.body, { key: 's', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(press(document.body, { key: 'S', metaKey: true }).defaultPrevented).toBe(true);
    expect(press(document.body, { key: 'F8' }).defaultPrevented).toBe(true);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSaveAndBuild).toHaveBeenCalledTimes(1);
  });

  it('inside a dialog: nothing is saved, but Ctrl/Cmd+S still does not open the browser\'s "Save page"', () => {
    const onSave = vi.fn();
    const onSaveAndBuild = vi.fn();
    renderHook(() => useEditorShortcuts({ onSave, onSaveAndBuild }));
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const field = dialog.appendChild(document.createElement('input'));
    expect(press(field, { key: 's', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(press(field, { key: 's', metaKey: true }).defaultPrevented).toBe(true);
    press(field, { key: 'F8' });
    expect(onSave).not.toHaveBeenCalled();
    expect(onSaveAndBuild).not.toHaveBeenCalled();
    dialog.setAttribute('role', 'alertdialog');
    expect(press(field, { key: 's', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
    dialog.remove();
  });
});
