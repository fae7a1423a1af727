/**
 * The ports of a Verilog/SystemVerilog top module, read from Verilator's XML (`--xml-only`), and how a
 * user's top differs from the platform's module header. Users declare the header themselves, in the
 * forms the vendor's toolchain accepts (see /work/shared/reference/platform-interface.md):
 * - `CustomInstrument`: lower-case ports, `control`/`status` as sixteen 32-bit registers, packed
 *   (`[0:15][31:0]`) or unpacked (`[31:0] control [0:15]`); with or without `outputinterpa..d`;
 * - `CustomWrapper`, the older form: `Clk, Reset, Sync, InputA…, OutputInterpA…, Control0…Control15`.
 * So names compare without case, widths as total bits, and the `outputinterp*` outputs are optional.
 */

export interface Port {
  name: string;
  direction: string;
  /** Total bits (packed and unpacked dimensions multiplied); null for a type this reader does not size. */
  bits: number | null;
  /** The line of its declaration in its file. */
  line: number;
}

/** Ports a user's top may declare or leave out: the interpolation outputs of the later examples. */
const OPTIONAL = /^outputinterp[a-d]$/i;

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The value of a Verilator constant's name (`32'shf`, `32'h10`, `4'd3`). */
function constValue(name: string): number | null {
  const match = /'s?([hdbo])([0-9a-fA-F_]+)$/.exec(name.replaceAll('&apos;', "'"));
  if (!match) return null;
  const radix = { h: 16, d: 10, b: 2, o: 8 }[match[1] as 'h' | 'd' | 'b' | 'o'];
  return parseInt(match[2]!.replaceAll('_', ''), radix);
}

/** Each dtype's width by id, from the XML's type table. */
function dtypeWidths(xml: string): (id: string) => number | null {
  const table = /<typetable[\s\S]*?<\/typetable>/.exec(xml)?.[0] ?? '';
  const basic = new Map<string, number>();
  const arrays = new Map<string, { sub: string; count: number | null }>();
  for (const tag of table.match(/<basicdtype\b[^>]*>/g) ?? []) {
    const left = attribute(tag, 'left');
    const right = attribute(tag, 'right');
    basic.set(attribute(tag, 'id')!, left === undefined ? 1 : Math.abs(Number(left) - Number(right ?? 0)) + 1);
  }
  for (const block of table.match(/<(?:un)?packarraydtype\b[\s\S]*?<\/(?:un)?packarraydtype>/g) ?? []) {
    const consts = [...block.matchAll(/<const\b[^>]*\sname="([^"]*)"/g)].map((m) => constValue(m[1]!));
    const [a, b] = consts;
    const count = a === null || b === null || a === undefined || b === undefined ? null : Math.abs(a - b) + 1;
    arrays.set(attribute(block, 'id')!, { sub: attribute(block, 'sub_dtype_id')!, count });
  }
  const width = (id: string, depth = 0): number | null => {
    if (basic.has(id)) return basic.get(id)!;
    const array = arrays.get(id);
    if (!array || array.count === null || depth > 8) return null;
    const sub = width(array.sub, depth + 1);
    return sub === null ? null : sub * array.count;
  };
  return width;
}

/** The ports of `moduleName` in Verilator's XML, in declaration order. */
export function portsFromVerilatorXml(xml: string, moduleName: string): Port[] {
  const start = xml.search(new RegExp(`<module\\b[^>]*\\sname="${moduleName}"`));
  if (start < 0) return [];
  const body = xml.slice(start, xml.indexOf('</module>', start));
  const width = dtypeWidths(xml);
  const ports: Port[] = [];
  for (const tag of body.match(/<var\b[^>]*>/g) ?? []) {
    const direction = attribute(tag, 'dir');
    if (!direction) continue;
    const loc = attribute(tag, 'loc')?.split(',') ?? [];
    ports.push({
      name: attribute(tag, 'origName') ?? attribute(tag, 'name')!,
      direction,
      bits: width(attribute(tag, 'dtype_id') ?? ''),
      line: Number(loc[1] ?? 1) || 1,
    });
  }
  return ports;
}

export interface PortProblem {
  message: string;
  /** The line of the user's port declaration, or null for a port the user lacks. */
  line: number | null;
}

/** How the user's top differs from the platform's header; empty when they match. */
export function portProblems(platform: readonly Port[], user: readonly Port[], target: string): PortProblem[] {
  const key = (name: string) => name.toLowerCase();
  const mine = new Map(user.map((p) => [key(p.name), p]));
  const wanted = new Map(platform.map((p) => [key(p.name), p]));
  const problems: PortProblem[] = [];
  for (const port of platform) {
    const got = mine.get(key(port.name));
    const size = port.bits === 1 ? '1 bit' : `${port.bits} bits`;
    if (!got)
      problems.push({
        message: `module ${target} lacks the platform's port ${port.name} (${port.direction}, ${size})`,
        line: null,
      });
    else if (got.direction !== port.direction || (got.bits !== null && port.bits !== null && got.bits !== port.bits))
      problems.push({
        message: `port ${got.name} is ${got.direction} of ${got.bits ?? '?'} bits; the platform's ${target} has ${port.direction} of ${port.bits} bits`,
        line: got.line,
      });
  }
  for (const port of user) {
    if (wanted.has(key(port.name))) continue;
    if (OPTIONAL.test(port.name) && port.direction === 'output' && (port.bits ?? 1) === 1) continue;
    problems.push({ message: `port ${port.name} is not a port of the platform's ${target}`, line: port.line });
  }
  return problems;
}
