import type { BuildConfigOptions, ProjectConfig } from '@cloud-compile/shared/api-types';

/** The configuration options `config` takes; unset ones keep the project's current value. */
export interface ConfigFlags {
  hardware?: string;
  slots?: string;
  osVersion?: string;
  target?: string;
  interpolation?: boolean;
}

export interface ConfigChange {
  config: ProjectConfig;
  /** One line per bad option, naming the option and what it may be. */
  problems: string[];
}

const oneOf = (values: readonly (string | number)[]) => values.map(String).join(', ');

/**
 * The project's configuration with the flags applied, checked against the build configurations the
 * API offers (the same check the API makes, worded for the command line): hardware ids, the slot
 * counts of that hardware, OS versions and target interfaces. Every problem is reported at once.
 */
export function applyConfigFlags(
  current: ProjectConfig,
  flags: ConfigFlags,
  options: BuildConfigOptions,
): ConfigChange {
  const problems: string[] = [];
  const config: ProjectConfig = { ...current };
  if (flags.hardware !== undefined) config.hardware = flags.hardware;
  if (flags.osVersion !== undefined) config.os_version = flags.osVersion;
  if (flags.target !== undefined) config.target = flags.target;
  if (flags.interpolation !== undefined) config.interpolation = flags.interpolation;

  const model = options.hardware.find((h) => h.id === config.hardware);
  if (!model)
    problems.push(
      `--hardware ${config.hardware}: unknown hardware (one of ${oneOf(options.hardware.map((h) => h.id))})`,
    );

  let slotsParsed = true;
  if (flags.slots !== undefined) {
    if (/^\s*\d+\s*$/.test(flags.slots)) config.slots = Number(flags.slots);
    else {
      slotsParsed = false;
      problems.push(`--slots ${flags.slots}: not a whole number`);
    }
  }
  if (model && slotsParsed && !model.slots.includes(config.slots)) {
    const allowed = model.slots.join(' or ');
    problems.push(
      flags.slots === undefined
        ? `--slots: ${model.name} has ${allowed} slots, the project has ${config.slots}; give --slots`
        : `--slots ${config.slots}: ${model.name} has ${allowed} slots`,
    );
  }
  if (!options.os_versions.includes(config.os_version)) {
    problems.push(`--os-version ${config.os_version}: unknown OS version (one of ${oneOf(options.os_versions)})`);
  }
  if (!options.targets.some((t) => t.id === config.target)) {
    problems.push(
      `--target ${config.target}: unknown target interface (one of ${oneOf(options.targets.map((t) => t.id))})`,
    );
  }
  return { config, problems };
}
