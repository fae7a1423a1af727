/** One of the app's keyboard shortcuts, as the Keybindings page lists it. */
export interface Shortcut {
  action: string;
  /** The keys to press together, e.g. ["Ctrl", "S"]. */
  keys: string[];
  where: string;
}

/** Whether the browser runs on an Apple system, where Cmd takes Ctrl's place (CodeMirror's `Mod`). */
export function isApplePlatform(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(nav.platform || nav.userAgent);
}

export type ShortcutAction = 'Save and build' | 'Simulate' | 'Save' | 'Go to line' | 'Search';

/** The app's shortcuts with the modifier keys of this platform (go to line is CodeMirror's Mod-Alt-g). */
export function appShortcuts(apple: boolean): (Shortcut & { action: ShortcutAction })[] {
  const command = apple ? '⌘ Cmd' : 'Ctrl';
  const alt = apple ? '⌥ Option' : 'Alt';
  return [
    { action: 'Save and build', keys: ['F8'], where: 'Editor' },
    // F9: free in Chromium, Firefox and Safari, and beside Build's F8. Shown only where the API runs simulations.
    { action: 'Simulate', keys: ['F9'], where: 'Editor' },
    { action: 'Save', keys: [command, 'S'], where: 'Editor' },
    { action: 'Go to line', keys: [command, alt, 'G'], where: 'Editor' },
    { action: 'Search', keys: [command, 'F'], where: 'Editor and build logs' },
  ];
}
