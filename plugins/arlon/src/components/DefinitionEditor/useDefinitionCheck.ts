import { useApi } from '@backstage/frontend-plugin-api';
import type {
  DefinitionCheck,
  KindSegment,
} from '@arlon-backstage/plugin-arlon-common';
import { useEffect, useState } from 'react';
import { arlonApiRef } from '../../api/ArlonClient';

/** How long typing pauses before the text is checked: one request per pause, not per key. */
export const CHECK_DELAY_MS = 400;

/** The check of one text: what the backend answered for exactly that text. */
export interface CheckState {
  /** The text this answer is for… */
  text?: string;
  /** …checked on the file the editor opened (its etag): a reload checks again. */
  basis?: string;
  result?: DefinitionCheck;
  /** The backend refused the text itself (not YAML it can read, another name): its message. */
  error?: Error;
  /** A check of the current text is waiting or under way. */
  checking: boolean;
}

/**
 * Checks the editor's text as the update would (the backend's dry run: the
 * whole fleet validated and compiled) once typing pauses. An answer that
 * arrives after the text changed again is dropped, so problems always
 * belong to the text they are shown on.
 */
export function useDefinitionCheck(
  kind: KindSegment,
  name: string,
  text: string | undefined,
  basis: string | undefined,
  enabled: boolean,
): CheckState {
  const api = useApi(arlonApiRef);
  const [state, setState] = useState<CheckState>({ checking: false });
  useEffect(() => {
    if (!enabled || text === undefined) {
      setState({ checking: false });
      return undefined;
    }
    let current = true;
    setState(s => ({ ...s, checking: true }));
    const timer = setTimeout(() => {
      api.checkDefinition(kind, name, text).then(
        result => current && setState({ text, basis, result, checking: false }),
        error => current && setState({ text, basis, error, checking: false }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, kind, name, text, basis, enabled]);
  return state;
}
