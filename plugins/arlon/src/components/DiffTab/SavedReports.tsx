import { ResponseErrorPanel } from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import type { DiffReport } from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemSecondaryAction from '@material-ui/core/ListItemSecondaryAction';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { ChangeEvent, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';

/** Saved reports: open, export as a file, delete; and import a file someone exported (or `arlon diff --save` wrote). */
export function SavedReports({
  onOpen,
  refreshKey,
}: {
  onOpen: (report: DiffReport) => void;
  /** Changes when a report was saved elsewhere, to list it. */
  refreshKey: number;
}) {
  const api = useApi(arlonApiRef);
  const reports = useAsyncRetry(() => api.listReports(), [api, refreshKey]);
  const [problem, setProblem] = useState<string>();

  const act = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await work();
      reports.retry();
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  const download = (id: string) =>
    act(async () => {
      const { fileName, text } = await api.exportReport(id);
      const url = URL.createObjectURL(
        new Blob([text], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      URL.revokeObjectURL(url);
    });
  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    act(async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readText(file));
      } catch {
        throw new Error(
          `${file.name} is not JSON: export a report from Arlon, or use arlon diff --save`,
        );
      }
      onOpen(await api.importReport(parsed));
    });
  };

  return (
    <Box>
      <Box display="flex" alignItems="center">
        <Typography variant="h6">Saved reports</Typography>
        <Box flexGrow={1} />
        <Button component="label" variant="outlined" size="small">
          Import a report
          <input
            type="file"
            accept="application/json,.json"
            hidden
            onChange={importFile}
            data-testid="import-report"
          />
        </Button>
      </Box>
      {problem && <Alert severity="error">{problem}</Alert>}
      {reports.error && <ResponseErrorPanel error={reports.error} />}
      {reports.value?.length === 0 && (
        <Typography variant="body2">No saved reports yet.</Typography>
      )}
      <List dense>
        {reports.value?.map(r => (
          <ListItem
            key={r.id}
            button
            onClick={() => act(async () => onOpen(await api.getReport(r.id)))}
          >
            <ListItemText
              primary={r.title}
              secondary={`${r.summary.create} create, ${
                r.summary.update
              } update, ${r.summary.delete} delete · saved by ${
                r.savedBy
              } at ${new Date(r.savedAt).toLocaleString()}`}
            />
            <ListItemSecondaryAction>
              <Button size="small" onClick={() => download(r.id)}>
                Export
              </Button>
              <Button
                size="small"
                onClick={() => act(() => api.deleteReport(r.id))}
              >
                Delete
              </Button>
            </ListItemSecondaryAction>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** A file's text, through FileReader (Blob.text is missing in some browsers and in jsdom). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
