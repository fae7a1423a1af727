import type { Text } from '@codemirror/state';
import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';
import { showDiagnostics, type EditorDiagnostic } from './diagnostics';

/**
 * Checks a file's text on the server (the editor page's checkDraft); null when there is nothing to show
 * for it (superseded, refused, failed), so the diagnostics shown stay as they are.
 */
export type DraftCheck = (
  fileName: string,
  content: string,
  signal: AbortSignal,
) => Promise<readonly EditorDiagnostic[] | null>;

/** The pause in typing after which the text is checked: short enough to feel immediate, long enough to skip keystrokes. */
export const TYPING_CHECK_DELAY_MS = 300;

/**
 * Checks the document on a pause in typing, without saving it, and shows what the check found with the
 * build's rendering (showDiagnostics: the same underlines, gutter marks and hover text). Never blocks
 * typing: the check is a request, and a newer edit aborts the one in flight. An answer is painted only
 * on the text it was asked for; any edit since makes it stale, and the next check replaces it.
 * `check()` is read at each pause: the page may offer it (the API has the operation) or not.
 */
export function typingCheck(fileName: string, check: () => DraftCheck | undefined) {
  return ViewPlugin.fromClass(
    class {
      private timer: ReturnType<typeof setTimeout> | undefined;
      private inFlight: AbortController | undefined;

      constructor(private readonly view: EditorView) {}

      update(update: ViewUpdate) {
        if (!update.docChanged) return;
        this.stop();
        this.timer = setTimeout(() => this.run(), TYPING_CHECK_DELAY_MS);
      }

      private run() {
        const draftCheck = check();
        if (!draftCheck) return;
        const checked: Text = this.view.state.doc;
        const controller = new AbortController();
        this.inFlight = controller;
        draftCheck(fileName, checked.toString(), controller.signal).then(
          (diagnostics) => {
            if (controller.signal.aborted || diagnostics === null || this.view.state.doc !== checked) return;
            this.view.dispatch(showDiagnostics(this.view.state, diagnostics, 'check while typing'));
          },
          () => undefined, // the caller's check reports nothing it cannot show; the next edit checks again
        );
      }

      private stop() {
        clearTimeout(this.timer);
        this.inFlight?.abort();
        this.inFlight = undefined;
      }

      destroy() {
        this.stop();
      }
    },
  );
}
