// The YAML editor: CodeMirror 6 with YAML highlighting, and the validator's problems drawn inline
// at their line and column (a lint source the studio feeds, so its own request decides when).
import { yaml } from '@codemirror/lang-yaml';
import { type Diagnostic, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import type { StudioProblem } from './api.ts';

export interface Editor {
  view: EditorView;
  text(): string;
  /** Marks the problems in this file at their line and column. */
  mark(problems: readonly StudioProblem[]): void;
  destroy(): void;
}

export function createEditor(parent: HTMLElement, text: string, onChange: (text: string) => void): Editor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        yaml(),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange(u.state.doc.toString());
        }),
        EditorView.contentAttributes.of({ 'aria-label': 'pack YAML' }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    mark(problems) {
      const doc = view.state.doc;
      const diagnostics: Diagnostic[] = problems
        .filter((p) => p.here)
        .map((p) => {
          const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
          const from = Math.min(line.from + Math.max(p.col - 1, 0), line.to);
          // The word at the position, so the underline shows what is meant.
          const word = /^[^\s,:{}[\]]+/.exec(doc.sliceString(from, line.to))?.[0].length ?? 0;
          return { from, to: Math.max(from + word, from), severity: 'error', message: p.message };
        });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy: () => view.destroy(),
  };
}
