import { useId } from 'react';
import { KEYBINDINGS, useKeybindingsPreference, type KeybindingsPreference } from '@/lib/editor-preferences';

const CHOICES: Record<KeybindingsPreference, { label: string; hint: string }> = {
  default: { label: 'Default', hint: 'The usual editor keys.' },
  vim: { label: 'Vim', hint: 'Modal editing: normal, insert and visual modes, :w to save.' },
  emacs: { label: 'Emacs', hint: 'Emacs movement and editing keys (Ctrl+A, Ctrl+E, Ctrl+K …).' },
};

/** The editor's keybindings: default, vim or emacs; kept in local storage, applied to open editors at once. */
export function KeybindingsSetting() {
  const [keybindings, setKeybindings] = useKeybindingsPreference();
  const legendId = useId();
  return (
    <fieldset className="radio-group keybindings-choices" aria-labelledby={legendId}>
      <legend id={legendId}>Editor keybindings</legend>
      {KEYBINDINGS.map((value) => (
        <KeybindingsChoice
          key={value}
          value={value}
          checked={keybindings === value}
          onChoose={() => setKeybindings(value)}
        />
      ))}
    </fieldset>
  );
}

function KeybindingsChoice({
  value,
  checked,
  onChoose,
}: {
  value: KeybindingsPreference;
  checked: boolean;
  onChoose(): void;
}) {
  const inputId = useId();
  const hintId = useId();
  const { label, hint } = CHOICES[value];
  return (
    <div className="keybindings-choice">
      <input
        id={inputId}
        type="radio"
        name="editor-keybindings"
        value={value}
        checked={checked}
        onChange={onChoose}
        aria-describedby={hintId}
      />
      <div>
        <label htmlFor={inputId}>{label}</label>
        <p id={hintId} className="preferences-hint">
          {hint}
        </p>
      </div>
    </div>
  );
}
