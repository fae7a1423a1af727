import type { BuildConfigOptions, ProjectConfig } from '@/lib/api/schemas';

/** The firmware versions up to this one need the legacy compile tool (spec §9). */
export const LEGACY_FIRMWARE_LIMIT = 601;

/** A hardware model's name by id; the id itself when the options are not loaded or do not know it. */
export function hardwareName(id: string, options: BuildConfigOptions | undefined): string {
  return options?.hardware.find((model) => model.id === id)?.name ?? id;
}

/** A target's display name: "(legacy)" added for the legacy ones, once (a backend may name it so already). */
export function targetLabel(target: BuildConfigOptions['targets'][number]): string {
  return target.legacy && !/\(legacy\)/i.test(target.name) ? `${target.name} (legacy)` : target.name;
}

/** A target interface's name by id, with "(legacy)" for the legacy ones. */
export function targetName(id: string, options: BuildConfigOptions | undefined): string {
  const target = options?.targets.find((candidate) => candidate.id === id);
  return target ? targetLabel(target) : id;
}

/** A configuration as short facts: hardware, slots, OS version, target interface, interpolation. */
export function configFacts(config: ProjectConfig, options: BuildConfigOptions | undefined): string[] {
  return [
    hardwareName(config.hardware, options),
    `${config.slots} ${config.slots === 1 ? 'slot' : 'slots'}`,
    `OS ${config.os_version}`,
    targetName(config.target, options),
    ...(config.interpolation ? ['interpolation'] : []),
  ];
}

/** "Moku:Pro · 4 slots · OS 4.1.1 · CustomInstrument", for tables. */
export function configSummary(config: ProjectConfig, options: BuildConfigOptions | undefined): string {
  return configFacts(config, options).join(' · ');
}

/**
 * The configuration after one field changed, kept valid: a hardware model offers its own slot counts, so
 * switching model keeps the slot count only when the new model has it, else takes the model's first.
 */
export function changeConfig(
  config: ProjectConfig,
  change: Partial<ProjectConfig>,
  options: BuildConfigOptions | undefined,
): ProjectConfig {
  const next = { ...config, ...change };
  const model = options?.hardware.find((candidate) => candidate.id === next.hardware);
  if (model && model.slots.length > 0 && !model.slots.includes(next.slots)) next.slots = model.slots[0]!;
  return next;
}

export function sameConfig(a: ProjectConfig, b: ProjectConfig): boolean {
  return (
    a.hardware === b.hardware &&
    a.slots === b.slots &&
    a.os_version === b.os_version &&
    a.target === b.target &&
    a.interpolation === b.interpolation
  );
}
