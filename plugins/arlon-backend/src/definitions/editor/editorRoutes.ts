import type {
  BackstageCredentials,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  type ArlonKind,
  arlonDefinitionReadPermission,
  arlonResourceOfView,
  type DefinitionCheck,
  definitionNameSchema,
  type DefinitionSource,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import {
  decideOnDefinitions,
  DefinitionWrites,
  type FleetDefinitions,
  InvalidDefinitionError,
  resourcePermissionFor,
} from '@arlon-backstage/plugin-arlon-node';
import type express from 'express';
import { authorOf } from '../../actions/auditedWrite';
import { parseRequest } from '../../http/parseRequest';
import { authorizeWrite, WriteToAuthorize } from '../authorizeWrite';
import { KIND_BY_SEGMENT } from '../kinds';
import { parseDefinitionBody } from '../parseDefinitionBody';
import { changedClusters } from './changedClusters';
import { readableSource, sourceEtag } from './sourceOf';

export interface EditorRoutesOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  definitions: FleetDefinitions;
  defaultOwner: string;
}

const ONE = '/:kind(bundles|profiles|clusterspecs|clusters)/:name';

/**
 * The portal's YAML editor: a definition's file as Git holds it, and the
 * check of an edited text (the update's dry run, answered as problems rather
 * than refused). The commit itself is the ordinary update, `PUT /:kind/:name`,
 * with the source's etag in `If-Match`.
 */
export function addEditorRoutes(
  router: express.Router,
  options: EditorRoutesOptions,
): void {
  const { httpAuth, permissions, definitions, defaultOwner } = options;
  const writes = new DefinitionWrites(definitions);

  router.get(`${ONE}/source`, async (req, res) => {
    const kind = KIND_BY_SEGMENT[req.params.kind]!;
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const read = await decideOnDefinitions(
      permissions,
      arlonDefinitionReadPermission,
      credentials,
    );
    read.requireSome(`read ${kind} definitions`);
    const name = parseRequest(
      definitionNameSchema("the URL's name"),
      req.params.name,
    );
    // The owner read is checked on is the one the lists show (last known good).
    const shown = await definitions.get(kind, name);
    read.require(
      [arlonResourceOfView(shown, defaultOwner)],
      'read this definition',
    );
    const { commit, files } = await definitions.read();
    // Other definitions sharing the file are shown only to whoever may read them.
    const source = readableSource(files, kind, name, view =>
      read.allows(arlonResourceOfView(view, defaultOwner)),
    );
    if (!source)
      throw new NotFoundError(
        `No file holds ${kind} "${name}" at the fleet repository's head`,
      );
    const atHead =
      definitionViews(files).find(v => v.kind === kind && v.name === name) ??
      shown;
    const readOnlyReason = source.shared
      ? `${source.file} holds several definitions; edit it in Git`
      : await updateDenied(credentials, kind, atHead);
    const body: DefinitionSource = {
      kind,
      name,
      file: source.file,
      commit,
      yaml: source.yaml,
      etag: sourceEtag(source.yaml),
      editable: !readOnlyReason,
      ...(readOnlyReason ? { readOnlyReason } : {}),
    };
    res.json(body);
  });

  /** Why the caller may not update this definition, or undefined when they may. */
  async function updateDenied(
    credentials: BackstageCredentials,
    kind: ArlonKind,
    view: Parameters<typeof arlonResourceOfView>[0],
  ): Promise<string | undefined> {
    const update = await decideOnDefinitions(
      permissions,
      resourcePermissionFor(kind, 'update'),
      credentials,
    );
    const resource = arlonResourceOfView(view, defaultOwner);
    if (update.allows(resource)) return undefined;
    return `You may not update ${kind} "${view.name}" (owner ${resource.owner}): it needs permission ${update.permission.name}; ask an owner or an Arlon admin`;
  }

  router.post(`${ONE}/check`, async (req, res) => {
    const kind = KIND_BY_SEGMENT[req.params.kind]!;
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    // Permission first, as the update's: a caller who may not write learns nothing from the body.
    const toAuthorize: WriteToAuthorize = {
      op: 'update',
      kind,
      name: req.params.name,
    };
    const check = await authorizeWrite(
      permissions,
      credentials,
      toAuthorize,
      defaultOwner,
    );
    const body = parseDefinitionBody(req, kind, req.params.name);
    toAuthorize.next = body.value;
    let clusterNames: string[] = [];
    let answer: DefinitionCheck;
    try {
      const result = await writes.write('update', kind, body.name, body.yaml, {
        message: `Check ${kind} ${body.name}`,
        author: authorOf(credentials),
        dryRun: true,
        check: files => {
          check?.(files);
          clusterNames = definitionViews(files)
            .filter(v => v.kind === 'Cluster')
            .map(v => v.name);
        },
      });
      const changed = result.files.map(f => ({
        path: f.path,
        action: f.action,
      }));
      answer = {
        parent: result.parent,
        valid: true,
        problems: [],
        files: changed,
        clusters: changedClusters(
          changed.map(f => f.path),
          clusterNames,
        ),
      };
    } catch (error) {
      if (!(error instanceof InvalidDefinitionError)) throw error;
      answer = {
        valid: false,
        problems: error.problems,
        files: [],
        clusters: [],
      };
    }
    res.json(answer);
  });
}
