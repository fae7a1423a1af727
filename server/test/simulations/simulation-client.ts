/** Follows a simulation over HTTP until it finishes (or the deadline passes). */
export async function waitForSimulation(
  baseUrl: string,
  cookie: string,
  id: string,
  timeoutMs = 60_000,
): Promise<{ id: string; status: string; failure: { message: string; file?: string; line?: number } | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await (await fetch(`${baseUrl}/api/simulations/${id}`, { headers: { cookie } })).json()) as {
      id: string;
      status: string;
      failure: { message: string; file?: string; line?: number } | null;
    };
    if (!['queued', 'running'].includes(view.status)) return view;
    if (Date.now() > deadline) throw new Error(`simulation ${id} still ${view.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
