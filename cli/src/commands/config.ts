import type { Command } from 'commander';
import { applyConfigFlags, type ConfigFlags } from '../config-check.js';
import { contextOf } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { resolveProject } from '../projects.js';
import { formatTable } from '../table.js';
import type { BuildConfigOptions, ProjectConfig } from '@cloud-compile/shared/api-types';

const describe = (config: ProjectConfig) =>
  `hardware ${config.hardware}, ${config.slots} slots, OS ${config.os_version}, target ${config.target}, interpolation ${config.interpolation ? 'on' : 'off'}`;

function choices(options: BuildConfigOptions): string {
  return [
    formatTable(
      ['HARDWARE', 'NAME', 'SLOTS'],
      options.hardware.map((h) => [h.id, h.name, h.slots.join(', ')]),
    ),
    '',
    formatTable(
      ['TARGET', 'NAME', ''],
      options.targets.map((t) => [t.id, t.name, t.legacy ? '(legacy)' : '']),
    ),
    '',
    `OS versions: ${options.os_versions.join(', ')}`,
  ].join('\n');
}

export function registerConfig(program: Command): void {
  program
    .command('config')
    .description("show or change a project's build configuration (checked against the build configurations on offer)")
    .requiredOption('-p, --project <name|id>', 'the project')
    .option('--hardware <id>', 'hardware model id')
    .option('--slots <n>', 'number of instrument slots (the hardware decides which are possible)')
    .option('--os-version <version>', 'instrument OS version')
    .option('--target <id>', 'target interface id')
    .option('--interpolation', 'interpolate outputs')
    .option('--no-interpolation', 'do not interpolate outputs')
    .addHelpText(
      'after',
      '\nWithout changes it prints the configuration and the choices.\n\nExamples:\n  cloud-compile config --project Adder\n  cloud-compile config --project Adder --hardware mk-pro --slots 4 --target CustomInstrument',
    )
    .action(async (options: ConfigFlags & { project: string }, command: Command) => {
      const { api, out } = contextOf(command);
      const summary = await resolveProject(api, options.project);
      const [{ data: project }, { data: offered }] = await Promise.all([
        api.getProject({ project_id: summary.id }),
        api.buildConfigs(),
      ]);
      const flags: ConfigFlags = {
        hardware: options.hardware,
        slots: options.slots,
        osVersion: options.osVersion,
        target: options.target,
        interpolation: options.interpolation,
      };
      if (Object.values(flags).every((value) => value === undefined)) {
        out.data({ project: { id: project.id, name: project.name }, config: project.config, options: offered });
        out.line(`${project.name}: ${describe(project.config)}\n\n${choices(offered)}`);
        return;
      }
      const change = applyConfigFlags(project.config, flags, offered);
      if (change.problems.length) {
        throw new CliError(`not a configuration on offer:\n  ${change.problems.join('\n  ')}`, EXIT.usage);
      }
      const { data: updated } = await api.updateProjectConfig({ project_id: project.id }, change.config);
      out.data({ project: { id: updated.id, name: updated.name }, config: updated.config });
      out.line(`${updated.name}: ${describe(updated.config)}`);
    });
}
