/**
 * Props of a row of tabs that may be wider than a phone: it scrolls, with its arrows shown whenever a tab is
 * out of sight, on touch screens too (MUI hides them there by default).
 */
export const scrollableTabs = {
  variant: 'scrollable',
  scrollButtons: 'auto',
  allowScrollButtonsMobile: true,
} as const;
