/** Cancel and the submitting button of a dialog's form, in the dialog's footer row. */
export function DialogButtons({
  submitLabel,
  busy,
  disabled = false,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  onCancel(): void;
}) {
  return (
    <div className="dialog-footer">
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy || disabled} aria-busy={busy}>
        {submitLabel}
      </button>
    </div>
  );
}
