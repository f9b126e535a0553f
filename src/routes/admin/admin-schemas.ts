import { z } from 'zod';
import { usageDimensions, type UsageDimension } from '../../core/storage-interfaces.js';
import { identifier, integerIn, isoDate, jsonObject, nonBlankString, numberIn, optional } from '../../http/request-body/fields.js';

/** The admin API's bodies and queries (CONTRACT.md), each declared once. In the limit bodies, `null` clears a limit and an absent field keeps it. */

export const newOrgBody = z.object({ name: nonBlankString().pipe(identifier()) });

const limitValue = optional(integerIn(1));
const budgetValue = optional(numberIn(0, Number.MAX_SAFE_INTEGER));

export const newKeyBody = z.object({
  org_id: identifier(),
  name: optional(identifier()),
  scopes: optional(z.array(z.string(), { error: 'must be an array of strings' })),
  expires_at: optional(z.string()),
  rpm: limitValue,
  tpm: limitValue,
  monthly_token_quota: limitValue,
  monthly_budget_usd: budgetValue,
});

/** A provider key is one line of printable text: a line break or control character would break every request's headers later. */
const printableSecret = nonBlankString().regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces, line breaks or control characters' });

/** An absolute http(s) URL with a host, without credentials or a fragment. */
const baseUrl = z.string().refine(
  (value) => {
    if (!/^https?:\/\/[^\s]+$/.test(value) || value.length > 2048) return false;
    try {
      const url = new URL(value);
      return url.hostname.length > 0 && url.username === '' && url.password === '' && url.hash === '';
    } catch {
      return false;
    }
  },
  { error: (issue) => `must be an absolute http(s) URL with a host, without credentials (got ${JSON.stringify(issue.input)})` },
);

export const providerKeyBody = z.object({ api_key: printableSecret, base_url: optional(baseUrl) });

export const orgLimitsBody = z.object({ rpm: limitValue, tpm: limitValue, monthly_token_quota: limitValue, monthly_budget_usd: budgetValue });

export const orgPolicyBody = z.object({ enforce_tools: optional(z.boolean()), redact_pii: optional(z.boolean()), audit_prompts: optional(z.boolean()) });

/** PUT /v1/admin/orgs/{id}/cache: the org's semantic-cache switch (null: the config's default). */
export const orgCacheBody = z.object({ semantic_cache: z.enum(['serve', 'shadow', 'off']).nullable() });

export const toolBody = z.object({ policy: optional(z.enum(['allow', 'block'])), schema: optional(jsonObject()) });

/** `?org_id=&from=&to=` (usage). */
export const usageQuery = z.object({ org_id: optional(identifier()), from: optional(isoDate()), to: optional(isoDate()) });

/** Query values arrive as text: numbers are read from it. */
const queryInteger = (min: number, max: number) => z.coerce.number().pipe(integerIn(min, max));

export const auditQuery = usageQuery.extend({
  status: optional(queryInteger(100, 599)),
  min_status: optional(queryInteger(100, 599)),
  endpoint: optional(identifier()),
  limit: optional(queryInteger(1, 1000)),
});

export const keysQuery = z.object({ org_id: optional(identifier()) });

/** `?by=day,model` (and the usage query's org and time bounds): one to three dimensions of usageDimensions. */
export const usageBreakdownQuery = usageQuery.extend({
  by: z.string({ error: `is required: one to three of ${usageDimensions.join(', ')}, comma-separated` }).transform((value, context) => {
    const parts = value.split(',').map((part) => part.trim());
    const unknown = parts.find((part) => !(usageDimensions as readonly string[]).includes(part));
    if (unknown !== undefined || parts.length > 3) {
      const problem = unknown !== undefined ? `${JSON.stringify(unknown)} is not one of them` : `${parts.length} were given`;
      context.addIssue({ code: 'custom', message: `must be one to three of ${usageDimensions.join(', ')}, comma-separated (${problem})` });
      return z.NEVER;
    }
    return parts as UsageDimension[];
  }),
});
