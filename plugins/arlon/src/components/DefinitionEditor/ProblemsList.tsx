import type { Problem } from '@arlon-backstage/plugin-arlon-common';
import Link from '@material-ui/core/Link';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import type { PlacedProblem } from './editorProblems';

const describe = (p: Problem) => `${p.field ? `${p.field}: ` : ''}${p.message}`;

/**
 * The check's problems: those of the edited file by line (a click puts the
 * cursor there), then those it causes in other files of the fleet.
 */
export function ProblemsList({
  here,
  elsewhere,
  onGoToLine,
}: {
  here: PlacedProblem[];
  elsewhere: Problem[];
  onGoToLine(line: number): void;
}) {
  if (!here.length && !elsewhere.length) return null;
  return (
    <List dense aria-label="Problems">
      {here.map((p, i) => (
        <ListItem key={`h${i}`} divider>
          <ListItemText
            primary={
              <>
                <Link
                  component="button"
                  variant="body2"
                  color="error"
                  onClick={() => onGoToLine(p.line)}
                >
                  Line {p.line}
                </Link>{' '}
                <Typography component="span" variant="body2">
                  {describe(p.problem)}
                </Typography>
              </>
            }
            secondary={p.problem.hint}
          />
        </ListItem>
      ))}
      {elsewhere.map((p, i) => (
        <ListItem key={`e${i}`} divider>
          <ListItemText
            primary={`${p.file}:${p.line}: ${describe(p)}`}
            secondary={p.hint}
          />
        </ListItem>
      ))}
    </List>
  );
}
