/**
 * Badge styles for words that are never cut (docs/product.md §10.17): in a narrow place the
 * badge grows a line rather than ending in "…". Status pills, state badges and message kinds.
 */
export const WHOLE_WORDS = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', flexShrink: 0 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
} as const;
