import type { BuildConfigOptions, Example, HardwareModel, ProjectConfig } from '@/lib/api/schemas';

/** What `#/projects?action=import&example=Moving+Average&hardware=<model>` asks for. */
export interface ImportLink {
  /** The example's name as written in the link ("+" already read as a space). */
  exampleName: string | null;
  hardware: string | null;
}

/** The import request of the projects page's query, or null when the link does not ask to import. */
export function parseImportLink(params: URLSearchParams): ImportLink | null {
  if (params.get('action') !== 'import') return null;
  const text = (key: string) => {
    const value = params.get(key)?.trim();
    return value ? value : null;
  };
  return { exampleName: text('example'), hardware: text('hardware') };
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/** The example a link names: by name (as the real product's links do) or by id, ignoring case. */
export function findExample(examples: readonly Example[], nameOrId: string | null): Example | undefined {
  if (!nameOrId) return undefined;
  return (
    examples.find((example) => same(example.name, nameOrId)) ?? examples.find((example) => same(example.id, nameOrId))
  );
}

/** The hardware model a link names, by id or by name, ignoring case. */
export function findHardware(models: readonly HardwareModel[], idOrName: string | null): HardwareModel | undefined {
  if (!idOrName) return undefined;
  return models.find((model) => same(model.id, idOrName) || same(model.name, idOrName));
}

/**
 * A new project's build configuration on the given hardware: otherwise the defaults a new project
 * gets (the newest OS version, the model's first slot count, the first target, the interpolation default).
 */
export function configForHardware(options: BuildConfigOptions, model: HardwareModel): ProjectConfig {
  return {
    hardware: model.id,
    slots: model.slots[0] ?? 1,
    os_version: options.os_versions[0] ?? '',
    target: options.targets[0]?.id ?? '',
    interpolation: options.interpolation.default,
  };
}
