import { z } from 'zod';

/**
 * What a cluster spec says only for one provider, under
 * `providerSpec.<provider>`: fields keep the provider's own names (so its
 * documentation applies), with simpler shapes where upstream takes a union
 * (an image by name rather than a filter). Which of them a cluster type needs
 * is in the catalog (`requires`); here every field is optional so a missing
 * one is reported by validation with the provider field it becomes.
 */
export interface ProviderSpec {
  azure?: {
    /** An AzureClusterIdentity: AKS needs one. */
    identityRef?: { name: string; namespace?: string };
    resourceGroup?: string;
    subscriptionID?: string;
  };
  azurestackhci?: { resourceGroup?: string; sshPublicKey?: string };
  gcp?: { project?: string };
  vsphere?: {
    server?: string;
    thumbprint?: string;
    /** The VM template machines are cloned from. */
    template?: string;
    /** The port group machines attach to. */
    network?: string;
    datacenter?: string;
    datastore?: string;
    folder?: string;
    resourcePool?: string;
    numCPUs?: number;
    memoryMiB?: number;
    diskGiB?: number;
  };
  openstack?: {
    identityRef?: { name: string; cloudName: string };
    /** A Glance image name. */
    image?: string;
    externalNetworkID?: string;
  };
  metal3?: {
    image?: {
      url: string;
      checksum: string;
      checksumType?: 'md5' | 'sha256' | 'sha512';
      diskFormat?: 'raw' | 'qcow2' | 'vdi' | 'vmdk' | 'live-iso';
    };
  };
  kubevirt?: {
    /** A container disk image with a node OS, e.g. quay.io/capk/ubuntu-2204-container-disk:v1.30.1. */
    image?: string;
  };
  digitalocean?: { image?: string | number };
  ibmcloud?: { resourceGroup?: string; image?: string; zone?: string };
  equinix?: { projectID?: string; os?: string };
  maas?: {
    dnsDomain?: string;
    image?: string;
    minCPU?: number;
    minMemory?: number;
  };
  hetzner?: {
    hetznerSecretRef?: { name: string; key: { hcloudToken: string } };
    imageName?: string;
  };
  sidero?: { serverClass?: string };
}

/**
 * One line of text: every providerSpec value is a name, an ID, a URL or a
 * key, none of which spans lines; a newline or other control character is
 * a paste gone wrong (or an attempt to smuggle YAML into generated/).
 */
const text = z
  .string()
  .min(1, 'must not be empty')
  .max(1024, 'must be at most 1024 characters')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f\u2028\u2029]*$/, {
    error: 'must be one line, without control characters',
  });
/** The name of a Kubernetes object the provider looks up (a Secret, an identity, a ServerClass): a DNS-1123 subdomain. */
const objectName = z
  .string()
  .min(1, 'must not be empty')
  .max(253, 'must be at most 253 characters')
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/, {
    error:
      "must be a Kubernetes object name: lower-case letters, digits, '-' and '.', starting and ending with a letter or digit",
  });
/** A namespace: a DNS-1123 label. */
const namespaceName = z
  .string()
  .max(63, 'must be at most 63 characters')
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, {
    error:
      "must be a namespace name: lower-case letters, digits and '-', starting and ending with a letter or digit",
  });
const whole = (min: number) =>
  z.number().int('must be a whole number').min(min, `must be at least ${min}`);

/** One strict block per provider: an unknown field is reported at its line. */
export const providerSpecSchema = z.strictObject({
  azure: z
    .strictObject({
      identityRef: z
        .strictObject({ name: objectName, namespace: namespaceName.optional() })
        .optional(),
      resourceGroup: text.optional(),
      subscriptionID: text.optional(),
    })
    .optional(),
  azurestackhci: z
    .strictObject({
      resourceGroup: text.optional(),
      sshPublicKey: text.optional(),
    })
    .optional(),
  gcp: z.strictObject({ project: text.optional() }).optional(),
  vsphere: z
    .strictObject({
      server: text.optional(),
      thumbprint: text.optional(),
      template: text.optional(),
      network: text.optional(),
      datacenter: text.optional(),
      datastore: text.optional(),
      folder: text.optional(),
      resourcePool: text.optional(),
      numCPUs: whole(2).optional(),
      memoryMiB: whole(1).optional(),
      diskGiB: whole(1).optional(),
    })
    .optional(),
  openstack: z
    .strictObject({
      identityRef: z
        .strictObject({ name: objectName, cloudName: text })
        .optional(),
      image: text.optional(),
      externalNetworkID: text.optional(),
    })
    .optional(),
  metal3: z
    .strictObject({
      image: z
        .strictObject({
          url: text,
          checksum: text,
          checksumType: z.enum(['md5', 'sha256', 'sha512']).optional(),
          diskFormat: z
            .enum(['raw', 'qcow2', 'vdi', 'vmdk', 'live-iso'])
            .optional(),
        })
        .optional(),
    })
    .optional(),
  kubevirt: z.strictObject({ image: text.optional() }).optional(),
  digitalocean: z
    .strictObject({
      image: z
        .union([text, whole(1)], {
          error: 'must be an image slug or a numeric image ID',
        })
        .optional(),
    })
    .optional(),
  ibmcloud: z
    .strictObject({
      resourceGroup: text.optional(),
      image: text.optional(),
      zone: text.optional(),
    })
    .optional(),
  equinix: z
    .strictObject({ projectID: text.optional(), os: text.optional() })
    .optional(),
  maas: z
    .strictObject({
      dnsDomain: text.optional(),
      image: text.optional(),
      minCPU: whole(1).optional(),
      minMemory: whole(1).optional(),
    })
    .optional(),
  hetzner: z
    .strictObject({
      hetznerSecretRef: z
        .strictObject({
          name: objectName,
          key: z.strictObject({ hcloudToken: text }),
        })
        .optional(),
      imageName: text.optional(),
    })
    .optional(),
  sidero: z.strictObject({ serverClass: objectName.optional() }).optional(),
});

/** The provider ids that have a `providerSpec` block. */
export const PROVIDER_SPEC_BLOCKS = Object.keys(
  providerSpecSchema.shape,
) as Array<keyof ProviderSpec>;
