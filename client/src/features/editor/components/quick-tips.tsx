/** What the editor shows with no file open: the shortcuts of the real product. */
export function QuickTips({ hasFiles }: { hasFiles: boolean }) {
  return (
    <div className="quick-tips">
      <p>{hasFiles ? 'Open a file from the Files panel to edit it.' : 'Create or upload a file to get started.'}</p>
      <dl>
        <div>
          <dt>SAVE AND BUILD</dt>
          <dd>
            <kbd>F8</kbd>
          </dd>
        </div>
        <div>
          <dt>QUICK SAVE</dt>
          <dd>
            <kbd>Ctrl</kbd> + <kbd>s</kbd>
          </dd>
        </div>
        <div>
          <dt>GOTO LINE</dt>
          <dd>
            <kbd>Ctrl</kbd> + <kbd>Alt</kbd> + <kbd>g</kbd>
          </dd>
        </div>
      </dl>
    </div>
  );
}
