import type { Plugin } from 'vite';

/**
 * MUI's createTheme, ThemeProvider and default theme import the CSS theme variables machinery
 * (createThemeWithVars, CssVarsProvider) and choose it at run time, so no bundler can drop it: 7 KB (brotli) of
 * the 150 a first visit may load. Parley's theme asks for neither CSS variables nor colour schemes, and for
 * such a theme MUI takes its plain path (createThemeNoVars, ThemeProviderNoVars) anyway. The build gives these
 * three modules that path alone, as mui/material-ui#48607 does upstream for the default theme. A theme that
 * asks for CSS variables or colour schemes fails at start with an error that names this plugin.
 */
const REPLACEMENTS: Record<string, string> = {
  'defaultTheme.mjs': `'use client';
import createThemeNoVars from "./createThemeNoVars.mjs";
const defaultTheme = createThemeNoVars();
export default defaultTheme;
`,
  'createTheme.mjs': `import createThemeNoVars from "./createThemeNoVars.mjs";
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error(${JSON.stringify(unsupported('createTheme'))});
  }
  return createThemeNoVars(options, ...args);
}
`,
  'ThemeProvider.mjs': `'use client';
import * as React from 'react';
import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";
import THEME_ID from "./identifier.mjs";
import { jsx as _jsx } from "react/jsx-runtime";
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error(${JSON.stringify(unsupported('ThemeProvider'))});
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`,
};

function unsupported(what: string): string {
  return `${what}: this build leaves out MUI's CSS theme variables and colour schemes; remove the muiWithoutCssVariables plugin from apps/web/vite.config.ts to use them.`;
}

const MUI_STYLES = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]styles[\\/]([\w.]+)$/;

/** The replacement of a module of @mui/material/styles, by its resolved id; null for any other module. */
export function replacementOf(id: string): string | null {
  const file = MUI_STYLES.exec(id.split('?')[0] ?? '')?.[1];
  return (file && REPLACEMENTS[file]) ?? null;
}

export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'parley:mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return replacementOf(id);
    },
  };
}
