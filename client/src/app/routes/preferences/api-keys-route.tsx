/** Placeholder for the API keys section, filled by its own issue. */
export function ApiKeysRoute() {
  return (
    <section className="page">
      <h1>API Keys</h1>
    </section>
  );
}
