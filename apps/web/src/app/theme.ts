import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The brand teal of the progress bar (#008aab, product §9); text and buttons use the next darker shade for WCAG AA contrast. */
const kestrel: MantineColorsTuple = [
  '#e1f9ff',
  '#cdeef8',
  '#9fdbee',
  '#6cc7e4',
  '#45b6dc',
  '#2cacd7',
  '#17a6d5',
  '#008aab',
  '#007b99',
  '#006b86',
];

export const BRAND = '#008aab';

export const theme = createTheme({
  primaryColor: 'kestrel',
  primaryShade: 8,
  colors: { kestrel },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  // Modals sit at 1050 (product §9), below the full-page overlay (9999).
  components: { Modal: { defaultProps: { zIndex: 1050 } } },
});
