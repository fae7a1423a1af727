/**
 * Which of the contract's operations the compile API implements, for MOCK_FALLBACK=missing: the
 * upstream's own API description (GET /api/openapi.json) lists what it implements, and an operation
 * it answers 501 (Not Implemented) does not count for a while. A 404 says nothing: a missing
 * project is a 404 too.
 */

/** An operation as method and path template with its parameters unnamed: `GET /api/projects/{}`. */
export type OperationKey = string;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function operationKey(method: string, template: string): OperationKey {
  return `${method.toUpperCase()} ${template.replace(/\{[^}/]*\}/g, '{}')}`;
}

type Paths = Record<string, Record<string, unknown> | undefined>;

function pathsOf(document: unknown): Paths | undefined {
  const paths = (document as { paths?: unknown } | null)?.paths;
  return paths !== null && typeof paths === 'object' ? (paths as Paths) : undefined;
}

/** Every operation of an OpenAPI document, as keys. */
function operationKeys(document: unknown, prefix = ''): OperationKey[] {
  const keys: OperationKey[] = [];
  for (const [template, item] of Object.entries(pathsOf(document) ?? {})) {
    for (const method of METHODS) if (item?.[method]) keys.push(operationKey(method, prefix + template));
  }
  return keys;
}

/** The path a document's first server puts before its paths ('' for `/`), so `/projects` under `/api` is `/api/projects`. */
function serverPrefix(document: unknown): string {
  const url = (document as { servers?: { url?: unknown }[] } | null)?.servers?.[0]?.url;
  if (typeof url !== 'string' || !URL.canParse(url, 'http://upstream')) return '';
  return new URL(url, 'http://upstream').pathname.replace(/\/$/, '');
}

interface Template {
  key: OperationKey;
  method: string;
  pattern: RegExp;
  /** Fixed segments: `/api/projects/examples` wins over `/api/projects/{id}`. */
  literals: number;
}

/** Matches a request to the contract operation it calls. */
export class ContractOperations {
  private readonly templates: Template[];

  constructor(contract: unknown) {
    this.templates = Object.entries(pathsOf(contract) ?? {}).flatMap(([template, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => ({
        key: operationKey(method, template),
        method: method.toUpperCase(),
        pattern: new RegExp(
          `^${template
            .split(/\{[^}/]*\}/)
            .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
            .join('[^/]+')}$`,
        ),
        literals: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      })),
    );
    this.templates.sort((a, b) => b.literals - a.literals);
  }

  /** The operation a method and path (no query) call, or undefined when the contract has none. */
  match(method: string, path: string): OperationKey | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    return this.templates.find((template) => template.method === wanted && template.pattern.test(path))?.key;
  }
}

/** The upstream's API description: its parsed JSON, or why there is none. */
export type UpstreamDocument = { document: unknown } | { problem: string };

export interface UpstreamOperationsOptions {
  fetchDocument: () => Promise<UpstreamDocument>;
  /** Told once each time what the fallback knows changes (a document read, or none to read). */
  onKnowledge: (message: string, problem: boolean) => void;
  /** How long a read document (and a 501) is believed before the next read. */
  refreshMs?: number;
  now?: () => number;
}

/** What the upstream implements, as of its last document (read again after `refreshMs`, while the old one serves). */
export class UpstreamOperations {
  private implemented: Set<OperationKey> | undefined;
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;
  private lastMessage = '';
  private readonly notImplemented = new Map<OperationKey, number>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly options: UpstreamOperationsOptions) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether the mock should answer this operation: absent from the upstream's document, or a 501 lately. */
  async isMissing(key: OperationKey): Promise<boolean> {
    const answered501At = this.notImplemented.get(key);
    if (answered501At !== undefined && this.now() - answered501At < this.refreshMs) return true;
    if (this.now() - this.readAt >= this.refreshMs) {
      this.reading ??= this.read().finally(() => (this.reading = undefined));
      // The first read is waited for; later ones refresh while the last document still answers.
      if (this.implemented === undefined) await this.reading;
    }
    return this.implemented !== undefined && !this.implemented.has(key);
  }

  /** The upstream answered 501 to this operation: the mock answers it until the next refresh. */
  answered501(key: OperationKey): void {
    this.notImplemented.set(key, this.now());
  }

  private async read(): Promise<void> {
    const result = await this.options.fetchDocument();
    this.readAt = this.now();
    if ('problem' in result) {
      const meanwhile = this.implemented
        ? 'the last description read still decides'
        : 'only operations it answers 501 are answered by the mock';
      this.tell(`${result.problem}: ${meanwhile}`, true);
      return;
    }
    const listed = operationKeys(result.document);
    const prefix = serverPrefix(result.document);
    this.implemented = new Set([...listed, ...operationKeys(result.document, prefix)]);
    this.tell(`the compile API's description lists ${listed.length} operations; the mock answers the others`, false);
  }

  private tell(message: string, problem: boolean): void {
    if (message === this.lastMessage) return;
    this.lastMessage = message;
    this.options.onKnowledge(message, problem);
  }
}
