import { KeybindingsSetting } from './keybindings-setting';
import { ShortcutsTable } from './shortcuts-table';
import './preferences.css';

/** Keybindings preferences: the editor's key scheme, and the app's own shortcuts. */
export function KeybindingsPreferences() {
  return (
    <section className="page preferences-page" aria-labelledby="keybindings-heading">
      <h1 id="keybindings-heading">Keybindings</h1>
      <KeybindingsSetting />
      <h2>Shortcuts</h2>
      <ShortcutsTable />
    </section>
  );
}
