/** Spec 2.3 `healer_report`: what output verification changed. */
export interface HealerReport {
  original: string;
  healed: string;
  /** The step that fixed it: extract, syntax_repair, truncation_close, schema_coercion, re_ask. */
  stage: string;
  /** 0..1: lower for guesses than for syntax fixes. */
  confidence: number;
  healing_time_ms: number;
}
