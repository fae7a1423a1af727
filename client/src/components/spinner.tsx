/** A spinner announced to screen readers as a status with its label. */
export function Spinner({ label = 'Loading', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div role="status" className="spinner" aria-live="polite">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{label}</span>
    </div>
  );
}
