import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * Runs the `run:` steps of a GitHub Actions job the way the runner does: each with
 * `bash --noprofile --norc -eo pipefail` (the runner's default shell on Linux) in the checkout, the
 * job's and the step's `env:` with their `${{ … }}` expressions evaluated, GITHUB_ACTIONS=true and a
 * GITHUB_OUTPUT file per step whose `name=value` lines become `steps.<id>.outputs`. `uses:` steps
 * (checkout, setup-node, upload-artifact) are the caller's to stand in for.
 *
 * Only the expressions the sample workflow uses are understood (context lookups, `always()`, `&&`,
 * `!= ''`): anything else throws, so the workflow cannot drift past what this runs.
 */

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Workflow {
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>;
}

export interface StepResult {
  name: string;
  code: number | null;
  output: string;
}

export interface Contexts {
  vars: Record<string, string>;
  secrets: Record<string, string>;
  /** Filled in as steps run: steps.<id>.outputs.<name>. */
  steps?: Record<string, { outputs: Record<string, string> }>;
}

function lookup(expression: string, contexts: Contexts): string {
  if (!/^\s*[\w-]+(\.[\w-]+)+\s*$/.test(expression))
    throw new Error(`workflow-steps: unsupported expression ${JSON.stringify(expression)}`);
  const [context, ...rest] = expression.trim().split('.');
  if (context === 'vars' || context === 'secrets') return contexts[context][rest.join('.')] ?? '';
  if (context === 'steps' && rest[1] === 'outputs')
    return contexts.steps?.[rest[0]!]?.outputs[rest.slice(2).join('.')] ?? '';
  throw new Error(`workflow-steps: unsupported expression ${JSON.stringify(expression)}`);
}

/** `${{ vars.X }}` and the like inside a value, replaced as the runner does before the shell sees it. */
export function substitute(value: string, contexts: Contexts): string {
  return value.replace(/\$\{\{(.*?)\}\}/g, (_all, expression: string) => lookup(expression, contexts));
}

/** A step's `if:` (absent: success(), which holds while no step failed). */
export function condition(expression: string | undefined, contexts: Contexts, failed: boolean): boolean {
  if (expression === undefined) return !failed;
  let always = false;
  const terms = expression.split('&&').map((term) => {
    const t = term.trim();
    if (t === 'always()') return (always = true);
    const compare = /^([\w.-]+)\s*!=\s*''$/.exec(t);
    if (compare) return lookup(compare[1]!, contexts) !== '';
    throw new Error(`workflow-steps: unsupported condition ${JSON.stringify(expression)}`);
  });
  return terms.every(Boolean) && (always || !failed);
}

export async function runWorkflowSteps(options: {
  workflowFile: string;
  job: string;
  cwd: string;
  contexts: Contexts;
  /** The environment of the runner's machine (PATH with the tools setup-node would add, HOME, …). */
  baseEnv: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<StepResult[]> {
  const workflow = parse(await readFile(options.workflowFile, 'utf8')) as Workflow;
  const job = workflow.jobs[options.job];
  if (!job) throw new Error(`no job ${options.job}`);
  const contexts: Contexts = { ...options.contexts, steps: {} };
  const outputs = await mkdtemp(path.join(os.tmpdir(), 'workflow-outputs-'));
  const results: StepResult[] = [];
  let failed = false;
  for (const [index, step] of job.steps.entries()) {
    if (step.run === undefined || !condition(step.if, contexts, failed)) continue;
    const outputFile = path.join(outputs, `step-${index}`);
    const env: NodeJS.ProcessEnv = {
      ...options.baseEnv,
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_OUTPUT: outputFile,
    };
    for (const [name, value] of Object.entries({ ...job.env, ...step.env }))
      env[name] = substitute(String(value), contexts);
    const result = await bash(substitute(step.run, contexts), options.cwd, env, options.timeoutMs ?? 120_000);
    results.push({ name: step.name ?? step.run, ...result });
    const written = await readFile(outputFile, 'utf8').catch(() => '');
    if (step.id) {
      contexts.steps![step.id] = {
        outputs: Object.fromEntries(
          written
            .split('\n')
            .filter((line) => line.includes('='))
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        ),
      };
    }
    if (result.code !== 0) failed = true;
  }
  return results;
}

function bash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
