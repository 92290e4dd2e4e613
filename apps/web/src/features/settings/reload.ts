/** Reloads the page (the settings page's project form cancels this way, spec 2 §2.3). A seam for tests. */
export const pageReload = {
  reload: (): void => window.location.reload(),
};
