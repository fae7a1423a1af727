// checkDraft: an unsaved file checked while it is typed (VHDL by GHDL, Verilog by Verilator, on the server).
import { getApiClient, type ApiClient } from './client';
import type { DraftCheckResult } from './schemas';

/**
 * Whether the API this client talks to can check drafts: the operation is in its description. In
 * proxy mode against an API without it, the editor does not check while typing.
 */
export async function draftChecksOffered(): Promise<boolean> {
  const api: Partial<ApiClient> = await getApiClient();
  return typeof api.checkDraft === 'function';
}

/**
 * checkDraft: the draft's diagnostics. Throws an ApiError for a refusal (409 when a newer check of
 * this user superseded it, 501 when the deployment cannot check) and an AbortError when `signal`
 * aborts it first.
 */
export async function checkDraft(
  projectId: string,
  draft: { name: string; content: string },
  signal: AbortSignal,
): Promise<DraftCheckResult> {
  const api = await getApiClient();
  const response = await api.checkDraft({ project_id: projectId }, draft, { signal });
  return response.data;
}
