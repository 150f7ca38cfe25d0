import { kubectl, repoPath, yamlDocuments } from './__testUtils__/repository';

/**
 * Every workload deploy/ runs, as `kubectl apply -k` renders it, holds to
 * Kubernetes' "restricted" Pod Security Standard and a little more: a non-root
 * user, no privilege escalation, no capabilities, the runtime's seccomp
 * profile, no service account token it does not use, and a read-only root
 * filesystem with only the directories the program writes made writable.
 * A cluster administrator who enforces `restricted` on the namespace, or an
 * attacker who gets code running in a container, meets these.
 */
const WORKLOADS: Record<string, { kind: string; name: string }> = {
  'deploy/portal': { kind: 'Deployment', name: 'arlon-portal' },
  'deploy/postgres': { kind: 'StatefulSet', name: 'arlon-postgres' },
};

/** The directories each container writes besides its data volumes: why. */
const WRITABLE: Record<string, string[]> = {
  // The fleet repository's checkouts and the scaffolder's workspaces
  // (backend.workingDirectory defaults to the OS temp directory).
  portal: ['/tmp'],
  // PostgreSQL's socket and lock file, the entrypoint's here-documents,
  // and the database itself (its claim).
  postgres: ['/var/run/postgresql', '/tmp', '/var/lib/postgresql/data'],
};

describe.each(Object.entries(WORKLOADS))('%s', (dir, { kind, name }) => {
  let pod: any;

  beforeAll(async () => {
    const objects = yamlDocuments(await kubectl(['kustomize', repoPath(dir)]));
    pod = objects.find(o => o.kind === kind && o.metadata.name === name)?.spec
      .template.spec;
    if (!pod) throw new Error(`${dir} renders no ${kind} ${name}`);
  });

  it('mounts no service account token (neither uses the pod token)', () => {
    expect(pod.automountServiceAccountToken).toBe(false);
  });

  it('runs as a non-root user under the runtime default seccomp profile', () => {
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(pod.hostNetwork ?? false).toBe(false);
    expect(pod.hostPID ?? false).toBe(false);
    expect(pod.hostIPC ?? false).toBe(false);
  });

  it('gives each container no privilege, no capability and a read-only root', () => {
    for (const container of [
      ...(pod.initContainers ?? []),
      ...pod.containers,
    ]) {
      expect([container.name, container.securityContext]).toEqual([
        container.name,
        {
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        },
      ]);
    }
  });

  it('makes writable only the directories the program writes', () => {
    const readOnlyVolumes = new Set(
      (pod.volumes ?? [])
        .filter((v: any) => v.secret || v.configMap)
        .map((v: any) => v.name),
    );
    for (const container of pod.containers) {
      const writable = (container.volumeMounts ?? [])
        .filter((m: any) => !m.readOnly && !readOnlyVolumes.has(m.name))
        .map((m: any) => m.mountPath)
        .sort();
      expect([container.name, writable]).toEqual([
        container.name,
        [...WRITABLE[container.name]].sort(),
      ]);
    }
  });
});
