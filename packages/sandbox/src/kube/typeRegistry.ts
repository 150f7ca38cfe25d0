import { apiVersionOf, ResourceType } from './resources';

export const typeKeyOf = (t: Pick<ResourceType, 'group' | 'plural'>) =>
  `${t.group}/${t.plural}`;

/**
 * The kinds a cluster serves, each in its versions: the built-in ones and
 * those its CRDs add (and take away again).
 */
export class TypeRegistry {
  private readonly types = new Map<string, ResourceType[]>(); // typeKey -> versions

  all(): ResourceType[] {
    return [...this.types.values()].flat();
  }

  /** A kind by group and plural, in `version` or (without one) its first version. */
  get(
    group: string,
    plural: string,
    version?: string,
  ): ResourceType | undefined {
    const versions = this.types.get(`${group}/${plural}`);
    return version ? versions?.find(v => v.version === version) : versions?.[0];
  }

  forKind(apiVersion: string, kind: string): ResourceType | undefined {
    return this.all().find(
      t => apiVersionOf(t) === apiVersion && t.kind === kind,
    );
  }

  /** The last version registered for a kind: what objects are converted to when their own is gone. */
  latestVersion(group: string, kind: string): string | undefined {
    const versions = this.all().filter(
      t => t.group === group && t.kind === kind,
    );
    return versions[versions.length - 1]?.version;
  }

  /** Adds `type`'s version, replacing an earlier registration of the same version. */
  register(type: ResourceType) {
    const key = typeKeyOf(type);
    const versions = (this.types.get(key) ?? []).filter(
      v => v.version !== type.version,
    );
    this.types.set(key, [...versions, type]);
  }

  remove(typeKey: string) {
    this.types.delete(typeKey);
  }
}
