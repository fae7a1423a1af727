import { useId } from 'react';
import { FONT_SIZE_DEFAULT, FONT_SIZE_MAX, FONT_SIZE_MIN, useEditorFontSize } from '@/lib/editor-preferences';

const SIZES = Array.from({ length: FONT_SIZE_MAX - FONT_SIZE_MIN + 1 }, (_, index) => FONT_SIZE_MIN + index);

/** The editor's font size, in pixels; the editor (in this tab and others) follows at once. */
export function EditorFontSizeSetting() {
  const [fontSize, setFontSize] = useEditorFontSize();
  const selectId = useId();
  const previewId = useId();
  return (
    <div className="field font-size-setting">
      <label htmlFor={selectId}>Editor font size</label>
      <select
        id={selectId}
        value={fontSize}
        onChange={(event) => setFontSize(Number(event.target.value))}
        aria-describedby={previewId}
      >
        {SIZES.map((size) => (
          <option key={size} value={size}>
            {size} px{size === FONT_SIZE_DEFAULT ? ' (default)' : ''}
          </option>
        ))}
      </select>
      <pre id={previewId} className="font-size-preview" style={{ fontSize: `${fontSize}px` }}>
        {'OutputA <= InputA + InputB; -- preview'}
      </pre>
    </div>
  );
}
