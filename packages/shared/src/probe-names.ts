// The internal signals a stimulus simulation records besides the slot's ports (startSimulation's
// `probes`): a name declared in the top-level design (`counter`) or a dotted path below it
// (`filter.acc`). The app checks them as they are typed; the gateway's mock refuses the same (422).

/** The contract's bounds (openapi.json, SimulationStart.probes). */
export const MAX_PROBES = 64;
export const MAX_PROBE_LENGTH = 200;

const PROBE_NAME = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)*$/;

/** What is wrong with a probe name, in words; undefined when it is one. */
export function probeNameProblem(name: string): string | undefined {
  if (name.length > MAX_PROBE_LENGTH) return `${name.slice(0, 40)}… is longer than ${MAX_PROBE_LENGTH} characters`;
  if (!PROBE_NAME.test(name))
    return `${JSON.stringify(name.slice(0, 80))} is not a signal name (letters, digits, _ and dots)`;
  return undefined;
}
