// Patterns of the text values, named so error messages can explain each in plain words (their own
// module, so explaining an error loads no schema definitions).
export const PATTERNS = {
  id: '^[a-z0-9]+(-[a-z0-9]+)*$',
  ratio: '^\\s*\\d+(\\.\\d+)?\\s*:\\s*\\d+(\\.\\d+)?\\s*$',
  card: '^(10|[A2-9TJQK])[SHDC]$',
  version: '^\\d+\\.\\d+\\.\\d+$',
  currency: '^[A-Z]{3}$',
  ruleId: '^R-[A-Z]+-[A-Z0-9]+-\\d+$',
  errorCode: '^[a-z]+(-[a-z]+)*$',
  playerName: '^[A-Za-z0-9_-]+$',
  chartKey: '^([4-9]|1[0-9]|2[01]|[2-9AT])$',
} as const;
