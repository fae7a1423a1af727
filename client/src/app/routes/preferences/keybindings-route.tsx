/** Placeholder for the keybindings section, filled by its own issue. */
export function KeybindingsRoute() {
  return (
    <section className="page">
      <h1>Keybindings</h1>
    </section>
  );
}
