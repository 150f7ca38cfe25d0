import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { ArlonKind, entityRef } from '@arlon-backstage/plugin-arlon-common';
import Chip from '@material-ui/core/Chip';

/** Small chips, each linking to the catalog entity of one Arlon definition. */
export function EntityChips({
  kind,
  names,
}: {
  kind: ArlonKind;
  names: string[];
}) {
  return (
    <>
      {names.map(name => (
        <Chip
          key={name}
          size="small"
          label={
            <EntityRefLink entityRef={entityRef(kind, name)}>
              {name}
            </EntityRefLink>
          }
        />
      ))}
    </>
  );
}
