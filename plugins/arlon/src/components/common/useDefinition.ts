import { useApi } from '@backstage/frontend-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import { useEffect } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';
import { arlonDefinitionOf } from './arlonEntity';

/**
 * The current entity's definition from the REST API, with live status for
 * clusters, refreshed every `refreshMs` (live state changes by the second).
 */
export function useDefinition(refreshMs = 5000) {
  const { entity } = useEntity();
  const api = useApi(arlonApiRef);
  const def = arlonDefinitionOf(entity);
  const state = useAsyncRetry(async () => {
    if (!def) throw new Error(`${entity.metadata.name} is not an Arlon entity`);
    return api.get(def.segment, def.name);
  }, [api, def?.segment, def?.name]);
  const { retry } = state;
  useEffect(() => {
    if (!refreshMs) return undefined;
    const timer = setInterval(retry, refreshMs);
    return () => clearInterval(timer);
  }, [retry, refreshMs]);
  return { ...state, entity, definitionRef: def };
}
