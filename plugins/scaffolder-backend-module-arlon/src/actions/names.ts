import {
  ArlonKind,
  definitionNameOf,
} from '@arlon-backstage/plugin-arlon-common';
import { InputError } from '@backstage/errors';

/** Definition names from names or entity refs (what entity pickers give), as an input error when wrong. */
export function nameOf(kind: ArlonKind, value: string): string {
  try {
    return definitionNameOf(kind, value);
  } catch (error) {
    throw new InputError((error as Error).message);
  }
}

export const namesOf = (kind: ArlonKind, values: string[] | undefined) =>
  values?.map(v => nameOf(kind, v));
