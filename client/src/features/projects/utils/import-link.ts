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

/**
 * The real product's links name some examples differently from the catalogue here: its name (lower
 * case) → the catalogue's example id, so those links keep working.
 */
const EXAMPLE_ALIASES: Readonly<Record<string, string>> = {
  adder: 'adder-subtractor',
  'moving average and median': 'moving-average',
};

/** The example a link names: by name (as the real product's links do), by the real product's name, or by id. */
export function findExample(examples: readonly Example[], nameOrId: string | null): Example | undefined {
  if (!nameOrId) return undefined;
  const alias = EXAMPLE_ALIASES[nameOrId.toLowerCase()];
  return (
    examples.find((example) => same(example.name, nameOrId)) ??
    examples.find((example) => same(example.id, nameOrId)) ??
    (alias ? examples.find((example) => example.id === alias) : undefined)
  );
}

/**
 * A hardware model's family key: the real product's ids (`mokugo`) and names (`Moku:Go`) and the
 * catalogue's (`mk-go`, `MK Go`) all come down to `go`.
 */
const hardwareKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^(moku|mk)/, '');

/** The hardware model a link names, by id or by name (its own or the real product's), ignoring case. */
export function findHardware(models: readonly HardwareModel[], idOrName: string | null): HardwareModel | undefined {
  if (!idOrName) return undefined;
  const key = hardwareKey(idOrName);
  return (
    models.find((model) => same(model.id, idOrName) || same(model.name, idOrName)) ??
    models.find((model) => key !== '' && (hardwareKey(model.id) === key || hardwareKey(model.name) === key))
  );
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
