import { newId, type ProjectConfig, type SourceFile } from '../domain.js';
import { configProblems, defaultConfig, type SeedData } from '../fixtures.js';
import { ApiError, ApiValidationError, notFound, type ValidationIssue } from '../../errors.js';
import type { FileRecord, ProjectRecord } from './records.js';

/**
 * A file name's most bytes in UTF-8: a build writes each file under its own name, and file systems
 * take at most 255 bytes per name (NAME_MAX). The contract's 100 characters can be 400 bytes.
 */
export const MAX_FILE_NAME_BYTES = 255;

/** Why a file name is not acceptable for a flat project folder; null when it is. */
export function fileNameProblem(name: string): string | null {
  if (name !== name.trim()) return 'must not start or end with spaces';
  const bytes = Buffer.byteLength(name);
  if (bytes > MAX_FILE_NAME_BYTES)
    return (
      `is ${bytes} bytes long in UTF-8, and a file name may take at most ${MAX_FILE_NAME_BYTES} bytes ` +
      '(a character such as 中 takes 3): use a shorter name'
    );
  if (name === '.' || name === '..') return 'is not a file name';
  if (/[/\\]/.test(name)) return 'must not contain / or \\ (project files are a flat list)';
  if (/\p{Cc}/u.test(name)) return 'must not contain control characters';
  return null;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** One sandbox's projects and their files. A missing project or file is a 404. */
export class ProjectStore {
  constructor(
    private readonly seed: SeedData,
    private readonly now: () => Date,
    /** The sandbox's stored projects by id: this store works on them in place. */
    private readonly projects: Map<string, ProjectRecord>,
  ) {}

  get size(): number {
    return this.projects.size;
  }

  /** Puts a seeded project in as it is. */
  add(project: ProjectRecord): void {
    this.projects.set(project.id, project);
  }

  /** Sorted by name. */
  list(): ProjectRecord[] {
    return [...this.projects.values()].sort(byName);
  }

  get(projectId: string): ProjectRecord {
    const project = this.projects.get(projectId);
    if (!project) throw notFound('Project');
    return project;
  }

  /** The project if it still exists (a build's view names its project's current name). */
  find(projectId: string): ProjectRecord | undefined {
    return this.projects.get(projectId);
  }

  create(input: { name: string; example?: string; config?: ProjectConfig }): ProjectRecord {
    const name = input.name.trim();
    this.assertNameFree(name);
    const example = input.example === undefined ? undefined : this.seed.examples.find((e) => e.id === input.example);
    if (input.example !== undefined && !example) throw notFound(`Example ${input.example}`);
    const config = input.config ?? defaultConfig(this.seed.buildConfigs);
    this.assertConfig(config);
    const now = this.now();
    const project: ProjectRecord = {
      id: newId(),
      name,
      createdAt: now,
      updatedAt: now,
      config: { ...config },
      files: new Map((example?.files ?? []).map((file) => [file.name, { ...file, timestamp: now }])),
    };
    this.projects.set(project.id, project);
    return project;
  }

  rename(projectId: string, newName: string): ProjectRecord {
    const project = this.get(projectId);
    const name = newName.trim();
    this.assertNameFree(name, project.id);
    project.name = name;
    project.updatedAt = this.now();
    return project;
  }

  delete(projectId: string): void {
    this.projects.delete(this.get(projectId).id);
  }

  updateConfig(projectId: string, config: ProjectConfig): ProjectRecord {
    const project = this.get(projectId);
    this.assertConfig(config);
    project.config = { ...config };
    project.updatedAt = this.now();
    return project;
  }

  // ---- files ----

  /** Sorted by name. */
  files(projectId: string): FileRecord[] {
    return [...this.get(projectId).files.values()].sort(byName);
  }

  /** The project's files as they are now, sorted by name: what a build is queued with. */
  snapshot(project: ProjectRecord): SourceFile[] {
    return [...project.files.values()].sort(byName).map((f) => ({ name: f.name, content: f.content }));
  }

  file(projectId: string, name: string): FileRecord {
    return this.fileOf(this.get(projectId), name);
  }

  createFile(projectId: string, name: string, content: string): FileRecord {
    const project = this.get(projectId);
    this.assertFileName(name, ['path', 'name']);
    if (project.files.has(name)) throw new ApiError(409, `A file named ${name} already exists in this project`);
    const file = { name, content, timestamp: this.touch(project) };
    project.files.set(name, file);
    return file;
  }

  /** Saves content; with `expectedTimestamp`, refuses (409) when someone saved since that version. */
  updateFile(projectId: string, name: string, content: string, expectedTimestamp?: string): FileRecord {
    const project = this.get(projectId);
    const file = this.fileOf(project, name);
    if (expectedTimestamp !== undefined) {
      const expected = Date.parse(expectedTimestamp);
      if (Number.isNaN(expected)) {
        throw new ApiValidationError([
          { loc: ['query', 'expected_timestamp'], msg: 'Input should be a valid datetime', type: 'datetime_parsing' },
        ]);
      }
      if (expected !== file.timestamp.getTime()) {
        throw new ApiError(
          409,
          `${name} was changed since ${expectedTimestamp} (now ${file.timestamp.toISOString()}); reload it before saving`,
        );
      }
    }
    // A save always moves the timestamp forward, even twice in one millisecond.
    const now = this.touch(project);
    file.timestamp = now.getTime() > file.timestamp.getTime() ? now : new Date(file.timestamp.getTime() + 1);
    file.content = content;
    return file;
  }

  renameFile(projectId: string, name: string, newName: string): FileRecord {
    const project = this.get(projectId);
    const file = this.fileOf(project, name);
    this.assertFileName(newName, ['query', 'new_name']);
    if (newName !== name && project.files.has(newName)) {
      throw new ApiError(409, `A file named ${newName} already exists in this project`);
    }
    project.files.delete(name);
    file.name = newName;
    file.timestamp = this.touch(project);
    project.files.set(newName, file);
    return file;
  }

  deleteFile(projectId: string, name: string): void {
    const project = this.get(projectId);
    this.fileOf(project, name);
    project.files.delete(name);
    this.touch(project);
  }

  /** Bytes of every file's content (the demo's storage quota). */
  storedBytes(): number {
    let bytes = 0;
    for (const project of this.projects.values()) {
      for (const file of project.files.values()) bytes += Buffer.byteLength(file.content);
    }
    return bytes;
  }

  // ---- internals ----

  private fileOf(project: ProjectRecord, name: string): FileRecord {
    const file = project.files.get(name);
    if (!file) throw notFound(`File ${name}`);
    return file;
  }

  /** Marks the project changed now and returns that time. */
  private touch(project: ProjectRecord): Date {
    const now = this.now();
    project.updatedAt = now;
    return now;
  }

  private assertNameFree(name: string, exceptId?: string): void {
    const wanted = name.toLowerCase();
    for (const project of this.projects.values()) {
      if (project.id !== exceptId && project.name.toLowerCase() === wanted) {
        throw new ApiError(409, `A project named ${project.name} already exists`);
      }
    }
  }

  private assertConfig(config: ProjectConfig): void {
    const problems = configProblems(config, this.seed.buildConfigs);
    if (problems.length) {
      throw new ApiValidationError(
        problems.map((p): ValidationIssue => ({ loc: ['body', p.field], msg: p.message, type: 'value_error' })),
      );
    }
  }

  private assertFileName(name: string, loc: (string | number)[]): void {
    const problem = fileNameProblem(name);
    if (problem) throw new ApiValidationError([{ loc, msg: `File name ${problem}`, type: 'value_error' }]);
  }
}
