import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import type {
  DefinitionWriteResult,
  KindSegment,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import Link from '@material-ui/core/Link';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useEffect, useMemo, useRef, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';
import { placeProblems } from './editorProblems';
import { EditPreview } from './EditPreview';
import { ProblemsList } from './ProblemsList';
import { Refusal, refusalOf } from './refusal';
import { useDefinitionCheck } from './useDefinitionCheck';
import { YamlEditor, YamlEditorHandle } from './YamlEditor';

/**
 * A definition's file in a YAML editor: checked as the update would be while
 * the user types (problems at their line), previewed (the diff, the generated
 * files, the clusters it reaches), then committed through the ordinary update
 * with the etag of the text it started from. A refused commit keeps the text.
 */
export function DefinitionEditor({
  kind,
  name,
  onClose,
}: {
  kind: KindSegment;
  name: string;
  onClose(): void;
}) {
  const api = useApi(arlonApiRef);
  const source = useAsyncRetry(
    () => api.getDefinitionSource(kind, name),
    [api, kind, name],
  );
  const [text, setText] = useState<string>();
  const [stage, setStage] = useState<'edit' | 'preview'>('edit');
  const [committing, setCommitting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const [committed, setCommitted] = useState<DefinitionWriteResult>();
  const editor = useRef<YamlEditorHandle>(null);
  useEffect(() => {
    if (source.value) setText(t => t ?? source.value!.yaml);
  }, [source.value]);

  const original = source.value?.yaml;
  const editable = !!source.value?.editable && !committed;
  const changed = text !== undefined && text !== original;
  const basis = source.value?.etag;
  const check = useDefinitionCheck(
    kind,
    name,
    text,
    basis,
    editable && changed,
  );
  // Only an answer for the text on screen, checked since the file was (re)loaded, counts.
  const answer =
    check.text === text && check.basis === basis ? check : undefined;
  const file = source.value?.file ?? '';
  const { here, elsewhere } = useMemo(
    () =>
      placeProblems(
        [...(answer?.result?.problems ?? []), ...(refusal?.problems ?? [])],
        file,
        text ?? '',
      ),
    [answer, refusal, file, text],
  );

  // A reload keeps the text: the user's edit, now diffed and checked against the new head.
  if (source.loading && !source.value) return <Progress />;
  if (source.error || !source.value)
    return (
      <ResponseErrorPanel error={source.error ?? new Error('No source')} />
    );
  const ready =
    changed && !check.checking && !!answer?.result?.valid && !refusal?.conflict;

  const commit = async () => {
    setCommitting(true);
    setRefusal(undefined);
    try {
      setCommitted(
        await api.updateDefinition(kind, name, text!, source.value!.etag),
      );
    } catch (error) {
      // Back to the text, untouched, with the reason above it.
      setRefusal(refusalOf(error));
      setStage('edit');
    } finally {
      setCommitting(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" gutterBottom>
          {file} at {source.value.commit.slice(0, 7)}
        </Typography>
        {!source.value.editable && (
          <Alert severity="info" data-testid="read-only-reason">
            Read-only: {source.value.readOnlyReason}
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" data-testid="commit-refused">
            Not committed: {refusal.message}
            {refusal.conflict && ' Your text is still in the editor.'}
          </Alert>
        )}
        {committed && (
          <Alert severity="success" data-testid="committed">
            {committed.pullRequest ? (
              <>
                Proposed in{' '}
                <Link href={committed.pullRequest.url}>a pull request</Link>
              </>
            ) : (
              `Committed ${committed.commit?.slice(0, 7) ?? '(no change)'}`
            )}
          </Alert>
        )}
        {stage === 'preview' && answer?.result ? (
          <EditPreview
            file={file}
            before={original ?? ''}
            after={text ?? ''}
            check={answer.result}
          />
        ) : (
          <>
            <Box my={1} data-testid="check-status">
              <CheckStatus
                editable={editable}
                changed={changed}
                checking={check.checking}
                problems={here.length + elsewhere.length}
                refused={answer?.error && refusalOf(answer.error).message}
              />
            </Box>
            <YamlEditor
              ref={editor}
              label={`${file} (YAML)`}
              value={text ?? ''}
              onChange={t => {
                setText(t);
                // A conflict stays until the user reloads; other refusals were about the old text.
                setRefusal(r => (r?.conflict ? r : undefined));
              }}
              problems={here}
              readOnly={!editable}
            />
            <ProblemsList
              here={here}
              elsewhere={elsewhere}
              onGoToLine={line => editor.current?.goToLine(line)}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{committed ? 'Close' : 'Cancel'}</Button>
        {refusal?.conflict && (
          <Button
            onClick={() => {
              setRefusal(undefined);
              setStage('edit');
              source.retry();
            }}
          >
            Reload the file, keep my text
          </Button>
        )}
        {editable && stage === 'edit' && (
          <Button
            color="primary"
            disabled={!ready}
            onClick={() => setStage('preview')}
          >
            Preview commit
          </Button>
        )}
        {editable && stage === 'preview' && (
          <>
            <Button onClick={() => setStage('edit')}>Back to editing</Button>
            <Button
              color="primary"
              variant="contained"
              disabled={committing || !ready}
              onClick={commit}
            >
              Commit
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

/** One line on where the check stands. */
function CheckStatus(props: {
  editable: boolean;
  changed: boolean;
  checking: boolean;
  problems: number;
  refused?: string;
}) {
  if (!props.editable) return null;
  let line =
    'Edit the definition: it is checked against the whole fleet as you type.';
  if (props.checking) line = 'Checking…';
  else if (props.refused) line = props.refused;
  else if (props.problems)
    line = `${props.problems} problem(s): nothing can be committed until they are fixed.`;
  else if (props.changed) line = 'No problems: preview the commit.';
  return (
    <Typography
      variant="body2"
      color={props.problems || props.refused ? 'error' : 'textPrimary'}
    >
      {line}
    </Typography>
  );
}
