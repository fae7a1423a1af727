import { useId } from 'react';
import { COLOR_SCHEME_PREFERENCES, type ColorSchemePreference } from '@/lib/color-scheme/color-scheme';
import { useColorScheme } from '@/lib/color-scheme/color-scheme-provider';

const LABELS: Record<ColorSchemePreference, string> = {
  system: 'System',
  dark: 'Dark',
  light: 'Light',
};

/** The colour-scheme choice (spec §3): system (default), dark or light; kept in local storage, applied live. */
export function ColorSchemeSetting() {
  const { preference, setPreference } = useColorScheme();
  const legendId = useId();
  return (
    <fieldset className="radio-group" aria-labelledby={legendId}>
      <legend id={legendId}>Color scheme</legend>
      {COLOR_SCHEME_PREFERENCES.map((value) => (
        <label key={value} className="radio">
          <input
            type="radio"
            name="color-scheme"
            value={value}
            checked={preference === value}
            onChange={() => setPreference(value)}
          />
          {LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}
