import { XMLParser } from 'fast-xml-parser';
import { publicErrorMessage } from '../public-error.js';
import { FileTooBig, readToolFile } from './tool-output.js';

/**
 * A project's VHDL entities as GHDL analysed them, read from `ghdl --file-to-xml` (GHDL's own syntax tree:
 * names resolved, locally static expressions folded to their values), so a Verilog top of a mixed design
 * can be checked against them (vhdl-entity-stubs.ts). Only what a Verilog instantiation needs is kept:
 * each generic with its default, each port with its direction, signedness and index range, the bounds as
 * Verilog expressions over the generics.
 */

export interface EntityGeneric {
  /** As the VHDL file spells it (GHDL's tree holds names in lower case). */
  name: string;
  /** The default as a Verilog expression; null when it has none this reader can express. */
  value: string | null;
}

export interface EntityPort {
  name: string;
  direction: 'input' | 'output' | 'inout';
  signed: boolean;
  /** `[left:right]` as Verilog expressions; null for a single bit; 'unknown' for a type this reader does not size. */
  range: { left: string; right: string } | null | 'unknown';
}

export interface VhdlEntity {
  name: string;
  file: string;
  line: number;
  generics: EntityGeneric[];
  ports: EntityPort[];
}

interface XmlNode {
  tag: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** fast-xml-parser's ordered form: one key for the tag (its children), ':@' for the attributes. */
type OrderedElement = Record<string, OrderedElement[]> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Values as GHDL wrote them (`value=" 11"`, `content="0101"`): read as numbers they would lose their form.
  parseAttributeValue: false,
  parseTagValue: false,
});

function toNode(element: OrderedElement): XmlNode | null {
  const tag = Object.keys(element).find((key) => key !== ':@');
  if (!tag || tag === '#text') return null;
  const children = element[tag]!.map(toNode).filter((node) => node !== null);
  return { tag, attrs: element[':@'] ?? {}, children };
}

/**
 * The first element of an excerpt of GHDL's XML (a whole element: the tool's own output) as a tree. GHDL
 * writes each node once, where it is declared, and elsewhere `<tag ref="id"/>`: such a reference to an
 * element of the excerpt is that element under the reference's tag (`<subtype_indication ref="…"/>`: the
 * second name of `a, b : in …`; `<named_entity ref="…"/>`: the generic a bound names).
 */
function parseElement(xml: string): { root: XmlNode; byId: Map<string, XmlNode> } | null {
  const root = (parser.parse(xml) as OrderedElement[]).map(toNode).find((node) => node !== null);
  if (!root) return null;
  const byId = new Map<string, XmlNode>();
  const index = (node: XmlNode): void => {
    if (node.attrs.id) byId.set(node.attrs.id, node);
    node.children.forEach(index);
  };
  index(root);
  // In place, and never into a reference (`<parent ref="…"/>` names the unit it stands in).
  const resolve = (node: XmlNode): void =>
    node.children.forEach((c, i) => {
      const same = c.attrs.ref && Object.keys(c.attrs).length === 1 ? byId.get(c.attrs.ref) : undefined;
      if (same) node.children[i] = { ...same, tag: c.tag };
      else resolve(c);
    });
  resolve(root);
  return { root, byId };
}

/**
 * GHDL's XML is read an excerpt at a time, never whole: the file holds every unit GHDL loaded (std and
 * ieee alone are 2.4 MB), and parsing an 8.9 MB one whole held the gateway's thread for about 2 s, while
 * the units asked for are a few KB. Library units never nest, and a tag's `<` never stands in an attribute
 * (XML writes it `&lt;`), so one starts at `<library_unit` and ends at the first `</library_unit>` after it.
 */
const UNIT_START = '<library_unit';
const UNIT_END = '</library_unit>';

function libraryUnit(xml: string, start: number): ReturnType<typeof parseElement> {
  const end = xml.indexOf(UNIT_END, start);
  return end < 0 ? null : parseElement(xml.slice(start, end + UNIT_END.length));
}

/** The element of GHDL's XML with this id (a declaration outside the entity: a package's subtype), parsed. */
function elementAt(xml: string, id: string): XmlNode | null {
  if (!/^\d+$/.test(id)) return null;
  const at = new RegExp(`<[\\w:-]+\\s+id="${id}"[\\s>/]`).exec(xml);
  const start = at ? xml.lastIndexOf(UNIT_START, at.index) : -1;
  return start < 0 ? null : (libraryUnit(xml, start)?.byId.get(id) ?? null);
}

const child = (node: XmlNode | undefined, tag: string) => node?.children.find((c) => c.tag === tag);

/** VHDL operators GHDL keeps unfolded in a bound (it depends on a generic), as Verilog writes them. */
const BINARY: Record<string, string> = {
  addition_operator: '+',
  substraction_operator: '-',
  multiplication_operator: '*',
  division_operator: '/',
  exponentiation_operator: '**',
  mod_operator: '%',
};

/** A static expression of GHDL's tree as Verilog, the generics by name; null for what it cannot express. */
function expression(node: XmlNode | undefined, generics: Map<string, string>): string | null {
  if (!node) return null;
  const kind = node.attrs.kind;
  if (kind === 'integer_literal') return node.attrs.value?.trim() ?? null;
  if (kind === 'simple_name') {
    // The named declaration (a reference, resolved to the element it names: parseElement).
    const generic = generics.get(child(node, 'named_entity')?.attrs.id ?? '');
    if (generic) return generic;
    const name = node.attrs.identifier;
    return name === 'true' ? '1' : name === 'false' ? '0' : null;
  }
  if (kind === 'parenthesis_expression') {
    const inner = expression(child(node, 'expression'), generics);
    return inner === null ? null : `(${inner})`;
  }
  if (kind === 'negation_operator' || kind === 'identity_operator') {
    const operand = expression(child(node, 'operand'), generics);
    return operand === null ? null : `${kind === 'negation_operator' ? '-' : '+'}(${operand})`;
  }
  const operator = BINARY[kind ?? ''];
  if (!operator) return null;
  const left = expression(child(node, 'left'), generics);
  const right = expression(child(node, 'right'), generics);
  return left === null || right === null ? null : `(${left} ${operator} ${right})`;
}

/** A generic's default: a number, a boolean, a bit string as a sized literal, a string as a string. */
function genericValue(declaration: XmlNode, generics: Map<string, string>): string | null {
  const value = child(declaration, 'default_value');
  if (value?.attrs.kind !== 'string_literal8') return expression(value, generics);
  const content = child(value, 'string8_id')?.attrs.content ?? '';
  const typeName = child(declaration, 'subtype_indication')?.attrs.identifier;
  if (typeName === 'string') return JSON.stringify(content);
  return /^[01]+$/.test(content) ? `${content.length}'b${content}` : null;
}

const SINGLE_BITS = new Set(['std_logic', 'std_ulogic', 'bit', 'boolean']);
const INTEGERS = new Set(['integer', 'natural', 'positive']);
const VECTORS = new Set(['std_logic_vector', 'std_ulogic_vector', 'bit_vector', 'signed', 'unsigned']);

/**
 * A port's Verilog shape from its subtype indication; a subtype the design names (`word_t`, declared in a
 * package) is looked up by `declared` (its constraint is static there: GHDL gives the bounds' values).
 */
function portShape(
  subtype: XmlNode | undefined,
  generics: Map<string, string>,
  declared: (id: string) => XmlNode | null = () => null,
): Pick<EntityPort, 'signed' | 'range'> {
  const unknown = { signed: false, range: 'unknown' as const };
  if (!subtype) return unknown;
  if (subtype.attrs.kind === 'simple_name') {
    const name = subtype.attrs.identifier ?? '';
    if (SINGLE_BITS.has(name)) return { signed: false, range: null };
    // Vivado connects an integer port of a VHDL entity as 32 bits.
    if (INTEGERS.has(name)) return { signed: name === 'integer', range: { left: '31', right: '0' } };
    const type = child(subtype, 'type');
    const definition = type && (type.attrs.kind ? type : declared(type.attrs.ref ?? ''));
    return definition && definition !== subtype ? portShape(definition, generics) : unknown;
  }
  if (subtype.attrs.kind === 'integer_subtype_definition') return integerRange(child(subtype, 'range_constraint'));
  if (subtype.attrs.kind !== 'array_subtype_definition') return unknown;
  const mark = child(subtype, 'subtype_type_mark')?.attrs.identifier ?? '';
  const constraints = child(subtype, 'index_constraint_list')?.children ?? [];
  const range = child(constraints[0], 'range_constraint');
  if (!VECTORS.has(mark) || constraints.length !== 1 || range?.attrs.kind !== 'range_expression') return unknown;
  const left = expression(child(range, 'left_limit_expr'), generics);
  const right = expression(child(range, 'right_limit_expr'), generics);
  if (left === null || right === null) return unknown;
  return { signed: mark === 'signed', range: { left, right } };
}

/**
 * An integer port with a range of numbers (`natural range 0 to 255`) as the bits that hold the range,
 * as synthesis sizes it (signed when it reaches below 0); a range over generics is not sized here.
 */
function integerRange(range: XmlNode | undefined): Pick<EntityPort, 'signed' | 'range'> {
  const bound = (tag: string) => {
    const limit = child(range, tag);
    return limit?.attrs.kind === 'integer_literal' ? Number(limit.attrs.value) : NaN;
  };
  const [left, right] = [bound('left_limit_expr'), bound('right_limit_expr')];
  if (range?.attrs.kind !== 'range_expression' || !Number.isSafeInteger(left) || !Number.isSafeInteger(right))
    return { signed: false, range: 'unknown' };
  const [low, high] = [Math.min(left, right), Math.max(left, right)];
  const signed = low < 0;
  // Bits for the magnitude of each end, one more for the sign when signed.
  const magnitude = (n: number) => (n <= 0 ? 0 : Math.floor(Math.log2(n)) + 1);
  const bits = signed ? Math.max(magnitude(high), magnitude(-low - 1)) + 1 : Math.max(1, magnitude(high));
  return { signed, range: { left: String(bits - 1), right: '0' } };
}

const DIRECTIONS: Record<string, EntityPort['direction']> = {
  in: 'input',
  out: 'output',
  buffer: 'output',
  inout: 'inout',
};

/**
 * The name as the file spells it: GHDL gives the lower-case identifier and where it stands (line, column
 * from 1, tabs counted as one); the file's own spelling is found there, or else first on that line.
 */
function spelling(source: readonly string[], node: XmlNode, identifier: string): string {
  const text = source[Number(node.attrs.line) - 1] ?? '';
  const col = Number(node.attrs.col) - 1;
  if (text.slice(col, col + identifier.length).toLowerCase() === identifier)
    return text.slice(col, col + identifier.length);
  const escaped = identifier.replace(/[^\w]/g, '');
  const found = new RegExp(`\\b${escaped}\\b`, 'i').exec(text);
  return found?.[0] ?? identifier;
}

/** The entities `file` declares, from GHDL's XML of it (which also holds the units it uses). */
export function entitiesFromGhdlXml(xml: string, file: string, sourceText: string): VhdlEntity[] {
  const source = sourceText.split('\n');
  const entities: VhdlEntity[] = [];
  const start = /<library_unit\b[^>]*\bkind="entity_declaration"[^>]*>/g;
  for (const match of xml.matchAll(start)) {
    const unit = libraryUnit(xml, match.index)?.root;
    // GHDL names the file as it was given (`./name`: never read as an option).
    if (!unit || unit.attrs.file?.replace(/^\.\//, '') !== file) continue;
    const generics = new Map<string, string>();
    const genericList: EntityGeneric[] = [];
    for (const declaration of child(unit, 'generic_chain')?.children ?? []) {
      if (declaration.attrs.kind !== 'interface_constant_declaration') continue;
      const name = spelling(source, declaration, declaration.attrs.identifier ?? '');
      genericList.push({ name, value: genericValue(declaration, generics) });
      generics.set(declaration.attrs.id ?? '', name);
    }
    const ports: EntityPort[] = [];
    for (const declaration of child(unit, 'port_chain')?.children ?? []) {
      const direction = DIRECTIONS[declaration.attrs.mode ?? ''];
      if (declaration.attrs.kind !== 'interface_signal_declaration' || !direction) continue;
      const name = spelling(source, declaration, declaration.attrs.identifier ?? '');
      const shape = portShape(child(declaration, 'subtype_indication'), generics, (id) => elementAt(xml, id));
      ports.push({ name, direction, ...shape });
    }
    const identifier = unit.attrs.identifier ?? '';
    entities.push({
      name: spelling(source, unit, identifier),
      file,
      line: Number(unit.attrs.line) || 1,
      generics: genericList,
      ports,
    });
  }
  return entities;
}

/**
 * How to ask GHDL for the syntax tree of an analysed file (`./name`, from src/): `sh` running GHDL with
 * its output to `output` (a path from src/, beside it), and what the log shows of it.
 */
export function entityXmlCommand(ghdl: string, file: string, output: string) {
  const args = ['--file-to-xml', '--std=08', '--workdir=.', `./${file}`];
  return { command: 'sh', args: ['-c', `exec "$0" "$@" > ${output}`, ghdl, ...args], shown: args };
}

/**
 * The most of GHDL's XML the gateway reads. What it costs is the text itself, held for the few ms of the
 * read (the units asked for are parsed alone: about 6 ms and 0.5 MB of heap on an 8.9 MB XML, 8 ms on
 * 15.4 MB). The XML holds 2.4 MB of std and ieee and some 83 bytes per byte of the file's own VHDL, so
 * 16 MiB describes a file with a 16 K-word ROM table in it (160 KB of VHDL); beyond that GHDL itself
 * takes seconds to write it, and the entity is a black box to the Verilog check (vhdl-entity-stubs.ts).
 */
export const MAX_ENTITY_XML_BYTES = 16 * 1024 * 1024;

/**
 * The entities of `file` from the XML GHDL wrote, or why they cannot be read (words that follow "because":
 * a limit of the check, never the design's error).
 */
export async function readEntityXml(
  xmlPath: string,
  file: { name: string; content: string },
): Promise<VhdlEntity[] | { unreadable: string }> {
  try {
    const xml = (await readToolFile(xmlPath, MAX_ENTITY_XML_BYTES)).toString('utf8');
    return entitiesFromGhdlXml(xml, file.name, file.content);
  } catch (error) {
    if (error instanceof FileTooBig) {
      const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
      return {
        unreadable: `GHDL's description of ${file.name} is ${mib(error.size)}, more than the ${mib(error.limit)} the check reads`,
      };
    }
    return { unreadable: `GHDL's description of ${file.name} could not be read (${publicErrorMessage(error)})` };
  }
}
