import { Coverage } from './coverage.js';
import { ContractDocument } from './document.js';
import { openSession, type ScenarioOptions, type ScenarioResult } from './scenario-call.js';
import {
  apiKeySteps,
  artifactStep,
  credentialSteps,
  invalidInputSteps,
  scratchProjectSteps,
} from './scenario-steps.js';
import { ContractValidator } from './validator.js';

export { STEP_TIMEOUT_MS, type ScenarioOptions, type ScenarioResult, type StepResult } from './scenario-call.js';
export { formatScenario } from './scenario-format.js';

/**
 * A safe run against a live API: reads; create → read back → update → delete on a scratch project
 * (deleted at the end even when a step fails); queue and cancel a build; negative cases (invalid
 * input must give a 422 detail list, no credentials a 401). Every response is checked against the
 * document. Nothing outside the scratch project and the scratch API key is changed.
 */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const document = options.document ?? ContractDocument.load();
  const coverage = new Coverage();
  const session = openSession(options, document, new ContractValidator(document), coverage);
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);

  await credentialSteps(session);
  const projects = await session.call('list projects', 'listProjects', { expect: [200] });
  const configs = await session.call('read build configurations', 'buildConfigs', { expect: [200] });
  await session.call('list examples', 'listExamples', { expect: [200] });
  await invalidInputSteps(session, !options.cookie);
  await scratchProjectSteps(session, stamp, configs?.body);
  await artifactStep(session, projects);
  await apiKeySteps(session, stamp, Boolean(options.cookie));

  const { steps } = session;
  const violations = steps.flatMap((s) => s.violations);
  return { steps, violations, failed: steps.filter((s) => s.outcome === 'fail').length, coverage, document };
}
