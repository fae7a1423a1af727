import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  REPORTS,
  STAGES,
  type BuildErrorSpec,
  type ProjectConfig,
  type ReportName,
  type SourceFile,
  type StageName,
} from './domain.js';

const projectConfigSchema: z.ZodType<ProjectConfig> = z.object({
  hardware: z.string().min(1).max(64),
  slots: z.number().int().min(1).max(16),
  os_version: z.string().min(1).max(32),
  target: z.string().min(1).max(64),
  interpolation: z.boolean(),
});

/** fixtures/build-configs.yaml: exactly the contract's BuildConfigOptions. */
const buildConfigsSchema = z.object({
  os_versions: z.array(z.string().min(1)).min(1),
  hardware: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1),
        clock_mhz: z.number().positive(),
        slots: z.array(z.number().int().min(1).max(16)).min(1),
      }),
    )
    .min(1),
  targets: z
    .array(z.object({ id: z.string().min(1), name: z.string().min(1), legacy: z.boolean(), description: z.string() }))
    .min(1),
  interpolation: z.object({ default: z.boolean(), description: z.string() }),
});
export type BuildConfigOptions = z.infer<typeof buildConfigsSchema>;

const buildErrorSchema: z.ZodType<BuildErrorSpec> = z.object({
  stage: z.enum(STAGES),
  file: z.string().min(1),
  line: z.number().int().min(1),
  message: z.string().min(1),
});

const projectFileSchema = z.object({
  name: z.string().trim().min(1).max(100),
  owners: z.array(z.email()).min(1),
  config: projectConfigSchema,
  created_days_ago: z.number().min(0),
  updated_days_ago: z.number().min(0),
  history: z.number().int().min(0).max(200),
  build_error: buildErrorSchema.optional(),
});

const exampleFileSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string(),
  language: z.enum(['vhdl', 'verilog']),
});

export interface SeedProject extends z.infer<typeof projectFileSchema> {
  /** The folder name under projects/: stable, so generated ids and history are too. */
  slug: string;
  files: SourceFile[];
}

export interface SeedExample extends z.infer<typeof exampleFileSchema> {
  /** The folder name under examples/: the id createProject's `example` names. */
  id: string;
  files: SourceFile[];
}

/** Everything the mock API starts from, validated. */
export interface SeedData {
  buildConfigs: BuildConfigOptions;
  projects: SeedProject[];
  examples: SeedExample[];
  /** Stage → template lines (placeholders unfilled). */
  stageLogs: Record<StageName, string[]>;
  /** Report name → template text (placeholders unfilled). */
  reports: Record<ReportName, string>;
}

/** A fixture problem: names the file, so a person can fix it; stops the gateway's start. */
export class FixtureError extends Error {
  constructor(file: string, problem: string) {
    super(`Mock fixtures: ${file}: ${problem}`);
    this.name = 'FixtureError';
  }
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new FixtureError(file, `cannot read (${(error as Error).message})`);
  }
}

async function readYaml<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  let data: unknown;
  try {
    data = parseYaml(await readText(file));
  } catch (error) {
    if (error instanceof FixtureError) throw error;
    throw new FixtureError(file, `not valid YAML (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new FixtureError(file, `\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}

/** Sub-folders of a folder, sorted so every start sees the same order; none when it is missing. */
async function subfolders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The flat list of files under `<dir>/files/`, sorted by name. */
async function sourceFiles(dir: string): Promise<SourceFile[]> {
  const filesDir = path.join(dir, 'files');
  let names: string[];
  try {
    const entries = await readdir(filesDir, { withFileTypes: true });
    names = entries
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (name) => ({ name, content: await readText(path.join(filesDir, name)) })));
}

/** Template text as lines, without the empty line a final newline would add. */
export function textLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function checkConfig(file: string, config: ProjectConfig, options: BuildConfigOptions): void {
  const problems = configProblems(config, options).map((p) => `config.${p.field}: ${p.message}`);
  if (problems.length) throw new FixtureError(file, problems.join('; '));
}

/** Why a project configuration is not one buildConfigs offers; empty when it is. */
export function configProblems(
  config: ProjectConfig,
  options: BuildConfigOptions,
): { field: keyof ProjectConfig; message: string }[] {
  const problems: { field: keyof ProjectConfig; message: string }[] = [];
  const model = options.hardware.find((h) => h.id === config.hardware);
  if (!model) {
    problems.push({
      field: 'hardware',
      message: `unknown hardware model (one of ${options.hardware.map((h) => h.id).join(', ')})`,
    });
  } else if (!model.slots.includes(config.slots)) {
    problems.push({ field: 'slots', message: `${model.name} has ${model.slots.join(' or ')} slots` });
  }
  if (!options.os_versions.includes(config.os_version)) {
    problems.push({ field: 'os_version', message: `unknown OS version (one of ${options.os_versions.join(', ')})` });
  }
  if (!options.targets.some((t) => t.id === config.target)) {
    problems.push({
      field: 'target',
      message: `unknown target interface (one of ${options.targets.map((t) => t.id).join(', ')})`,
    });
  }
  return problems;
}

/** A new project's configuration: the first of everything (fixtures/README.md). */
export function defaultConfig(options: BuildConfigOptions): ProjectConfig {
  const model = options.hardware[0]!;
  return {
    hardware: model.id,
    slots: model.slots[0]!,
    os_version: options.os_versions[0]!,
    target: options.targets[0]!.id,
    interpolation: options.interpolation.default,
  };
}

/**
 * Reads and validates the seed data in `fixturesDir` (format: fixtures/README.md). A bad file
 * throws a FixtureError naming it, so the gateway does not start on broken data.
 */
export async function loadSeedData(fixturesDir: string): Promise<SeedData> {
  const buildConfigsFile = path.join(fixturesDir, 'build-configs.yaml');
  const buildConfigs = await readYaml(buildConfigsFile, buildConfigsSchema);

  const projects: SeedProject[] = [];
  const projectsDir = path.join(fixturesDir, 'projects');
  for (const slug of await subfolders(projectsDir)) {
    const file = path.join(projectsDir, slug, 'project.yaml');
    const project = await readYaml(file, projectFileSchema);
    checkConfig(file, project.config, buildConfigs);
    if (project.updated_days_ago > project.created_days_ago) {
      throw new FixtureError(file, 'updated_days_ago must not be more than created_days_ago');
    }
    const files = await sourceFiles(path.join(projectsDir, slug));
    if (project.build_error && !files.some((f) => f.name === project.build_error!.file)) {
      throw new FixtureError(file, `build_error.file: ${project.build_error.file} is not a file of this project`);
    }
    projects.push({ ...project, slug, files });
  }

  const examples: SeedExample[] = [];
  const examplesDir = path.join(fixturesDir, 'examples');
  for (const id of await subfolders(examplesDir)) {
    const example = await readYaml(path.join(examplesDir, id, 'example.yaml'), exampleFileSchema);
    examples.push({ ...example, id, files: await sourceFiles(path.join(examplesDir, id)) });
  }

  const stageLogs = {} as Record<StageName, string[]>;
  for (const stage of STAGES) {
    stageLogs[stage] = textLines(await readText(path.join(fixturesDir, 'build-logs', `${stage.toLowerCase()}.log`)));
  }
  const reports = {} as Record<ReportName, string>;
  for (const report of REPORTS) {
    reports[report] = await readText(path.join(fixturesDir, 'artifacts', `${report}.rpt`));
  }
  return { buildConfigs, projects, examples, stageLogs, reports };
}
