// A YAML file with positions: parses it, keeps the node tree, and maps a JSON Pointer back to
// the line and column where a product manager sees it.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

export interface Position {
  line: number;
  col: number;
}

/** One problem in one file, as `validate` prints it. */
export interface Diagnostic extends Position {
  path: string;
  pointer: string;
  message: string;
}

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
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => lineCounter.linePos(offset);
  const syntaxErrors = [...doc.errors].map((e) => ({
    path,
    ...at(e.pos[0]),
    pointer: '',
    message: syntaxMessage(e.code, e.message),
  }));
  return {
    path,
    data: syntaxErrors.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    syntaxErrors,
    locate: (pointer, key = false) => at(findOffset(doc, pointer, key)),
  };
}

function syntaxMessage(code: string, raw: string): string {
  const first = raw.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'YAML syntax: this key appears twice in the same mapping; each key may appear once';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
    case 'UNEXPECTED_TOKEN':
      return `YAML syntax: ${first.charAt(0).toLowerCase()}${first.slice(1)} (check the indentation and punctuation on this line)`;
    default:
      return `YAML syntax: ${first.charAt(0).toLowerCase()}${first.slice(1)}`;
  }
}

export const pointerSegments = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

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
