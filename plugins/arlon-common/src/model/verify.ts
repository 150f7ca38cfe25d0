/** What `GET /verify` says of a management cluster: each check with a fix-it hint. */
export interface VerifyCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** What to do when it is not ok. */
  hint?: string;
}

export interface VerifyResult {
  managementCluster: string;
  ok: boolean;
  checks: VerifyCheck[];
  /** Infrastructure providers whose CRDs are installed. */
  infrastructureProviders: string[];
}
