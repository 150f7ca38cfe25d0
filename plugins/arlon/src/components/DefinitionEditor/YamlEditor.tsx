import { StreamLanguage } from '@codemirror/language';
import { yaml as yamlMode } from '@codemirror/legacy-modes/mode/yaml';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
} from 'react';
import type { PlacedProblem } from './editorProblems';

/** What the editor's owner may ask of it. */
export interface YamlEditorHandle {
  /** Puts the cursor at the start of a 1-based line and shows it. */
  goToLine(line: number): void;
}

const yamlLanguage = StreamLanguage.define(yamlMode);

/**
 * A YAML editor (CodeMirror, the scaffolder's template editor's own) whose
 * problems are underlined at their place, with a marker in the gutter.
 */
export const YamlEditor = forwardRef<
  YamlEditorHandle,
  {
    value: string;
    onChange(value: string): void;
    problems: PlacedProblem[];
    readOnly: boolean;
    label: string;
  }
>(function Editor({ value, onChange, problems, readOnly, label }, ref) {
  const view = useRef<EditorView>();
  const extensions = useMemo(
    () => [
      yamlLanguage,
      lintGutter(),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label],
  );

  // The check answers for the text it was sent: shown as soon as it arrives.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostics: Diagnostic[] = problems.map(p => ({
      from: Math.min(p.from, length),
      to: Math.min(p.to, length),
      severity: 'error',
      message: p.problem.hint
        ? `${p.problem.message} (${p.problem.hint})`
        : p.problem.message,
    }));
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const editor = view.current;
      if (!editor) return;
      const doc = editor.state.doc;
      const at = doc.line(Math.min(Math.max(1, line), doc.lines)).from;
      editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      editor.focus();
    },
  }));

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      minHeight="320px"
      maxHeight="60vh"
      onCreateEditor={editor => {
        view.current = editor;
      }}
    />
  );
});
