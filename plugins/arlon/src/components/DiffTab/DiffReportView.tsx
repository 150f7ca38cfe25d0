import type {
  DiffReport,
  DiffSection,
  ObjectDiff,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Collapse from '@material-ui/core/Collapse';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import ToggleButton from '@material-ui/lab/ToggleButton';
import ToggleButtonGroup from '@material-ui/lab/ToggleButtonGroup';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { Fragment, useState } from 'react';
import { ObjectDiffView } from './ObjectDiffView';

export const METHOD_LABEL: Record<DiffSection['method'], string> = {
  'server-side-dry-run': 'server-side dry-run apply',
  'client-side': 'client-side three-way comparison',
  exact: 'field by field',
};

const ACTION_COLOR: Record<
  ObjectDiff['action'],
  'primary' | 'secondary' | 'default'
> = {
  create: 'primary',
  update: 'secondary',
  delete: 'secondary',
  unchanged: 'default',
};

/** A report: totals, then each section's objects with their action; a row opens the object's diff. */
export function DiffReportView({ report }: { report: DiffReport }) {
  const [layout, setLayout] = useState<'unified' | 'split'>('unified');
  const { create, update, delete: del, unchanged } = report.summary;
  return (
    <Box>
      <Box display="flex" alignItems="center" style={{ gap: 8 }} mb={2}>
        <Typography variant="h6">{report.title}</Typography>
        <Chip
          label={`${create} to create`}
          color={create ? 'primary' : 'default'}
        />
        <Chip
          label={`${update} to update`}
          color={update ? 'secondary' : 'default'}
        />
        <Chip
          label={`${del} to delete`}
          color={del ? 'secondary' : 'default'}
        />
        <Chip label={`${unchanged} unchanged`} />
        <Box flexGrow={1} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={layout}
          onChange={(_e, value) => value && setLayout(value)}
        >
          <ToggleButton value="unified">Unified</ToggleButton>
          <ToggleButton value="split">Side by side</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {report.sections.map((s, i) => (
        <SectionView key={i} section={s} layout={layout} />
      ))}
    </Box>
  );
}

function SectionView({
  section,
  layout,
}: {
  section: DiffSection;
  layout: 'unified' | 'split';
}) {
  const [open, setOpen] = useState<string>();
  return (
    <Box mb={3}>
      <Typography variant="subtitle1">
        {section.title}{' '}
        <Typography variant="caption">
          ({METHOD_LABEL[section.method]})
        </Typography>
      </Typography>
      {section.error && <Alert severity="error">{section.error}</Alert>}
      {section.notes.map(n => (
        <Alert key={n} severity="info" style={{ marginTop: 4 }}>
          {n}
        </Alert>
      ))}
      {!section.error && section.objects.length === 0 && (
        <Typography variant="body2">No objects to compare.</Typography>
      )}
      {section.objects.length > 0 && (
        <Table size="small" aria-label={`objects of ${section.title}`}>
          <TableHead>
            <TableRow>
              <TableCell>Action</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Namespace/name</TableCell>
              <TableCell>Bundle</TableCell>
              <TableCell>Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {section.objects.map(o => (
              <Fragment key={o.key}>
                <TableRow
                  hover
                  style={{ cursor: o.unified ? 'pointer' : undefined }}
                  onClick={() => setOpen(open === o.key ? undefined : o.key)}
                  data-testid={`object-${o.key}`}
                >
                  <TableCell>
                    <Chip
                      size="small"
                      label={o.action}
                      color={ACTION_COLOR[o.action]}
                    />
                  </TableCell>
                  <TableCell>
                    {o.group ? `${o.group}/${o.kind}` : o.kind}
                  </TableCell>
                  <TableCell>
                    {[o.namespace, o.name].filter(Boolean).join('/')}
                  </TableCell>
                  <TableCell>{o.bundle}</TableCell>
                  <TableCell>
                    {o.action === 'update'
                      ? o.changes.map(c => c.path).join(', ')
                      : ''}
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={5} style={{ padding: 0, border: 0 }}>
                    <Collapse in={open === o.key} unmountOnExit>
                      <ObjectDiffView object={o} layout={layout} />
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
