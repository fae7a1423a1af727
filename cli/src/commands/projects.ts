import type { Command } from 'commander';
import { contextOf } from '../context.js';
import { formatTable, shortId } from '../table.js';

export function registerProjects(program: Command): void {
  program
    .command('projects')
    .description('list your projects with their latest build')
    .addHelpText('after', '\nExamples:\n  cloud-compile projects\n  cloud-compile projects --json')
    .action(async (_options, command: Command) => {
      const { api, out } = contextOf(command);
      const { data: projects } = await api.listProjects();
      out.data(projects);
      if (projects.length === 0) return out.line('No projects yet: cloud-compile create <name>');
      out.line(
        formatTable(
          ['NAME', 'ID', 'LATEST BUILD', 'UPDATED'],
          projects.map((p) => [
            p.name,
            p.id,
            p.latest_build ? `${p.latest_build.status} ${shortId(p.latest_build.id)}` : '-',
            p.updated_at.replace(/\.\d+Z$/, 'Z'),
          ]),
        ),
      );
    });

  program
    .command('create')
    .description('create a project')
    .argument('<name>', "the new project's name (unique among your projects)")
    .option('--example <id>', 'copy the files of an example project')
    .addHelpText(
      'after',
      '\nExamples:\n  cloud-compile create "Clip filter"\n  cloud-compile create Averager --example moving-average --json',
    )
    .action(async (name: string, options: { example?: string }, command: Command) => {
      const { api, out } = contextOf(command);
      const { data: project } = await api.createProject(null, {
        name,
        ...(options.example ? { example: options.example } : {}),
      });
      out.data(project);
      out.line(`Created project ${project.name} (${project.id})`);
    });
}
