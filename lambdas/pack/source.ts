// A YAML file with positions: parses it, keeps the node tree, and maps a JSON Pointer back to
// the line and column where a product manager sees it.
import { type Document, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

export interface Position {
  line: number;
  col: number;
}

/** One problem in one file, as `validate` prints it. */
export interface Diagnostic extends Position {
  path: string;
  pointer: string;
  message: string;
  /** A warning is printed but leaves the file valid; absent for an error. */
  severity?: 'warning';
}

/** A problem found by meaning, before it is given a line and column. */
export interface Finding {
  path: string;
  pointer: string;
  message: string;
  atKey?: boolean;
  /** A warning is printed but leaves the file valid; absent for an error. */
  severity?: 'warning';
}

export const isError = (d: Diagnostic): boolean => d.severity !== 'warning';

/** `path:line:col: message`, as `validate` prints a problem (a warning says so). */
export const formatDiagnostic = (d: Diagnostic): string =>
  `${d.path}:${d.line}:${d.col}: ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`;

export interface SourceFile {
  path: string;
  data: unknown;
  /** YAML syntax problems; when there are any, `data` is not to be trusted. */
  syntaxErrors: Diagnostic[];
  /** Where the value (or, with `key`, the key) at a JSON Pointer is; the nearest parent if absent. */
  locate(pointer: string, key?: boolean): Position;
}

export function parseSource(path: string, text: string): SourceFile {
  const lineCounter = new LineCounter();
  // Keys are unique as the JSON they load to sees them: 9 and "9" are one key there, and one would be lost.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: sameJsonKey });
  const at = (offset: number): Position => lineCounter.linePos(offset);
  const seenAt = new Set<number>();
  const syntaxErrors: Diagnostic[] = [];
  for (const e of doc.errors) {
    // The parser notices an unclosed { [ or " only where the next line starts; point at the opener.
    const opener = unclosedOpener(text, e.message, e.pos[0]);
    const offset = opener ?? e.pos[0];
    if (seenAt.has(offset)) continue; // one problem often raises several errors at one place
    seenAt.add(offset);
    const message = opener !== undefined ? unclosedMessage(text[opener]) : syntaxMessage(e.code, e.message);
    syntaxErrors.push({ path, ...at(offset), pointer: '', message });
  }
  return {
    path,
    data: syntaxErrors.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    syntaxErrors,
    locate: (pointer, key = false) => at(findOffset(doc, pointer, key)),
  };
}

function sameJsonKey(a: unknown, b: unknown): boolean {
  return a === b || (isScalar(a) && isScalar(b) && String(a.value) === String(b.value));
}

const CLOSER: Record<string, string> = { '{': '}', '[': ']', '"': '"', "'": "'" };

/** The offset of the { [ or quote that the error says was never closed, if it is one of those. */
function unclosedOpener(text: string, raw: string, pos: number): number | undefined {
  const m = /end with an? ([}\]])|Missing closing ("|')quote/.exec(raw);
  if (!m) return undefined;
  const close = m[1] ?? m[2];
  const open = close === '}' ? '{' : close === ']' ? '[' : close;
  if (open === close) {
    const i = text.lastIndexOf(open, Math.min(pos, text.length - 1));
    return i >= 0 ? i : undefined;
  }
  let depth = 0;
  for (let i = Math.min(pos, text.length) - 1; i >= 0; i--) {
    if (text[i] === close) depth++;
    else if (text[i] === open && depth-- === 0) return i;
  }
  return undefined;
}

function unclosedMessage(opener: string): string {
  const what = opener === '{' ? 'mapping' : opener === '[' ? 'list' : 'quoted text';
  return `YAML syntax: this ${opener} starts a ${what} that is never closed; end it with ${CLOSER[opener]} on the same line`;
}

function syntaxMessage(code: string, raw: string): string {
  const first = raw.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'YAML syntax: this key appears twice in the same mapping (9 and "9" count as one key); each key may appear once';
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'YAML syntax: the indentation here does not line up; the keys of one mapping start in the same column';
    case 'TAB_AS_INDENT':
      return 'YAML syntax: a tab is used to indent; indent with spaces';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
    case 'UNEXPECTED_TOKEN':
      return `YAML syntax: ${first.charAt(0).toLowerCase()}${first.slice(1)} (check the indentation and punctuation on this line)`;
    default:
      return `YAML syntax: ${first.charAt(0).toLowerCase()}${first.slice(1)}`;
  }
}

export const pointerSegments = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function findOffset(doc: Document, pointer: string, key: boolean): number {
  let node: Node | null = doc.contents as Node | null;
  let keyNode: Node | null = null;
  for (const segment of pointerSegments(pointer)) {
    let next: Node | null = null;
    keyNode = null;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === segment);
      if (pair) {
        keyNode = pair.key as Node;
        next = (pair.value as Node | null) ?? keyNode;
      }
    } else if (isSeq(node)) {
      next = (node.items[Number(segment)] as Node | undefined) ?? null;
    }
    if (!next) break;
    node = next;
  }
  const target = key && keyNode ? keyNode : node;
  return target?.range?.[0] ?? 0;
}

/** A JSON Pointer as people read it: /spec/bets/2/limits → spec.bets[2].limits */
export function readablePath(pointer: string): string {
  let out = '';
  for (const s of pointerSegments(pointer)) out += /^\d+$/.test(s) ? `[${s}]` : out ? `.${s}` : s;
  return out || '(top level)';
}
