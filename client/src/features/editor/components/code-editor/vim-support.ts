import { Facet, type Extension } from '@codemirror/state';
import { ViewPlugin, type EditorView } from '@codemirror/view';
import { Vim, getCM, vim, type CodeMirror } from '@replit/codemirror-vim';

/** The mode shown in the status line, as vim itself names it. */
export type VimMode = 'NORMAL' | 'INSERT' | 'VISUAL' | 'VISUAL LINE' | 'VISUAL BLOCK' | 'REPLACE';

/** What vim reports with each "vim-mode-change": `{ mode: 'visual', subMode: 'linewise' }` and the like. */
export interface VimModeEvent {
  mode: string;
  subMode?: string;
}

/** The status line's name for a mode change vim reported. */
export function vimModeName({ mode, subMode }: VimModeEvent): VimMode {
  switch (mode) {
    case 'insert':
      return 'INSERT';
    case 'replace':
      return 'REPLACE';
    case 'visual':
      return subMode === 'linewise' ? 'VISUAL LINE' : subMode === 'blockwise' ? 'VISUAL BLOCK' : 'VISUAL';
    default:
      return 'NORMAL';
  }
}

export interface VimHooks {
  /** `:w`, `:write`, `:wq`, `:x`: the editor's save (there is no window to quit in a browser). */
  save(): void;
  /** The mode now, on start and after every change. */
  modeChanged(mode: VimMode): void;
}

/** Each editor's hooks, read by the ex commands (which vim defines once, for every editor). */
const vimHooks = Facet.define<VimHooks, VimHooks | null>({ combine: (values) => values[0] ?? null });

let exCommandsDefined = false;

/** `:w` and friends save through the editor they were typed in. Vim's ex commands are global: defined once. */
function defineSaveCommands(): void {
  if (exCommandsDefined) return;
  exCommandsDefined = true;
  const save = (cm: CodeMirror) => cm.cm6.state.facet(vimHooks)?.save();
  Vim.defineEx('write', 'w', save);
  Vim.defineEx('wq', 'wq', save);
  Vim.defineEx('xit', 'x', save);
}

/** Reports the mode of the editor's vim to its hooks: once when it starts, then at every change. */
const modeReporter = ViewPlugin.define((view: EditorView) => {
  let attached: CodeMirror | null = null;
  const onModeChange = (event: VimModeEvent) => view.state.facet(vimHooks)?.modeChanged(vimModeName(event));
  const attach = () => {
    if (attached) return;
    attached = getCM(view);
    if (!attached) return;
    attached.on('vim-mode-change', onModeChange);
    const state = attached.state.vim;
    const mode = state?.insertMode ? 'insert' : state?.visualMode ? 'visual' : 'normal';
    const subMode = state?.visualLine ? 'linewise' : state?.visualBlock ? 'blockwise' : undefined;
    // Reported after this update: the page's state must not change while CodeMirror builds the view.
    queueMicrotask(() => onModeChange({ mode, subMode }));
  };
  attach();
  return {
    update: attach,
    destroy: () => attached?.off('vim-mode-change', onModeChange),
  };
});

/** Vim keybindings whose `:w` saves through `hooks` and whose mode is reported to it. */
export function vimKeybindings(hooks: VimHooks): Extension {
  defineSaveCommands();
  // The reporter comes after vim(): vim's own plugin (which creates the CodeMirror adapter) starts first.
  return [vim(), vimHooks.of(hooks), modeReporter];
}
