import { ColorSchemeSetting } from './color-scheme-setting';
import { EditorFontSizeSetting } from './editor-font-size-setting';
import './preferences.css';

/** Appearance preferences: the colour scheme and the editor's font size, both applied live. */
export function AppearancePreferences() {
  return (
    <section className="page preferences-page" aria-labelledby="appearance-heading">
      <h1 id="appearance-heading">Appearance</h1>
      <ColorSchemeSetting />
      <h2>Editor</h2>
      <EditorFontSizeSetting />
    </section>
  );
}
