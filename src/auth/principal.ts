/** Who is calling: resolved from the Bearer key once per request. */
export interface Principal {
  orgId: string;
  /** Id of the API key; null for the master key. */
  keyId: string | null;
  keyPrefix: string;
  scopes: ReadonlySet<string>;
  isMaster: boolean;
  limits: { rpm: number | null; tpm: number | null; monthlyTokenQuota: number | null; monthlyBudgetUsd: number | null };
}

export const defaultOrgId = 'default';
