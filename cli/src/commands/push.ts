import type { Command } from 'commander';
import { contextOf } from '../context.js';
import { findProject, resolveOrCreateProject, resolveProject } from '../projects.js';
import type { ProjectFile } from '@cloud-compile/shared/api-types';
import { readSourceFiles } from '../sync/local-files.js';
import { planSync, SOURCE_EXTENSIONS, summaryLine, type SyncSummary } from '../sync/plan.js';
import { CliError, EXIT } from '../errors.js';

const TEXT = { headers: { 'Content-Type': 'text/plain; charset=utf-8' } };

interface PushOptions {
  project: string;
  delete?: boolean;
  dryRun?: boolean;
  create?: boolean;
}

export function registerPush(program: Command): void {
  program
    .command('push')
    .description(`sync the source files of a folder (${SOURCE_EXTENSIONS.join(' ')}) to a project`)
    .argument('<dir>', 'the folder with the sources (only its own files: project files are a flat list)')
    .requiredOption('-p, --project <name|id>', 'the project to push to')
    .option('--create', 'create the project (empty, default configuration) when you have none of that name')
    .option('--delete', "also delete the project's source files that are not in the folder")
    .option('--dry-run', 'say what would change, change nothing')
    .addHelpText(
      'after',
      '\nCreates the files the project lacks, updates only those whose content differs, and prints a summary.\n' +
        'Files of other kinds in the project are never touched.\n\nExamples:\n  cloud-compile push hdl --project Adder\n  cloud-compile push hdl --project Adder --delete --json\n  cloud-compile push hdl --project "New repo" --create',
    )
    .action(async (dir: string, options: PushOptions, command: Command) => {
      const { api, out } = contextOf(command);
      const local = await readSourceFiles(dir);
      if (local.length === 0) {
        throw new CliError(`${dir} has no source files (${SOURCE_EXTENSIONS.join(' ')})`, EXIT.usage);
      }
      let project: { id: string; name: string };
      let remote: ProjectFile[] = [];
      const existing = options.create
        ? findProject((await api.listProjects()).data, options.project)
        : await resolveProject(api, options.project, '; add --create to create it');
      if (existing) {
        project = existing;
        remote = (await api.getProjectFiles({ project_id: project.id })).data;
      } else if (options.dryRun) {
        // Nothing is created on a dry run: every file would be new in the project that would be made.
        project = { id: '', name: options.project.trim() };
        out.line(`would create project ${project.name}`);
      } else {
        const resolved = await resolveOrCreateProject(api, options.project);
        project = resolved.project;
        if (resolved.created) out.line(`Created project ${project.name} (${project.id})`);
        remote = (await api.getProjectFiles({ project_id: project.id })).data;
      }
      const summary: SyncSummary = { created: [], updated: [], unchanged: [], deleted: [], kept: [] };
      const act = async (verb: keyof SyncSummary, name: string, run: () => Promise<unknown>) => {
        if (!options.dryRun) await run();
        summary[verb].push(name);
        if (verb !== 'unchanged') out.line(`${options.dryRun ? 'would be ' : ''}${verb.padEnd(9)} ${name}`);
      };
      for (const action of planSync(local, remote, { delete: options.delete === true })) {
        const params = {
          project_id: project.id,
          name: action.kind === 'delete' || action.kind === 'keep' ? action.name : action.file.name,
        };
        switch (action.kind) {
          case 'create':
            await act('created', params.name, () => api.createFile(params, action.file.content, TEXT));
            break;
          case 'update':
            await act('updated', params.name, () => api.updateFile(params, action.file.content, TEXT));
            break;
          case 'compare': {
            const { data: current } = await api.getFile(params);
            if (current.content === action.file.content) summary.unchanged.push(params.name);
            else await act('updated', params.name, () => api.updateFile(params, action.file.content, TEXT));
            break;
          }
          case 'delete':
            await act('deleted', params.name, () => api.deleteFile(params));
            break;
          case 'keep':
            summary.kept.push(params.name);
            break;
        }
      }
      out.data({ project: { id: project.id, name: project.name }, dryRun: options.dryRun === true, ...summary });
      out.line(
        `${options.dryRun ? 'Dry run, nothing changed' : `Pushed ${dir} to ${project.name}`}: ${summaryLine(summary)}`,
      );
    });
}
