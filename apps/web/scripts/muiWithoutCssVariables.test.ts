import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';
import { replacementOf } from './muiWithoutCssVariables.ts';

describe('muiWithoutCssVariables', () => {
  it("replaces MUI's createTheme, ThemeProvider and default theme, and no other module", () => {
    const styles = '/app/node_modules/@mui/material/styles';
    expect(replacementOf(`${styles}/createTheme.mjs`)).toContain('createThemeNoVars(options, ...args)');
    expect(replacementOf(`${styles}/defaultTheme.mjs`)).toContain('createThemeNoVars()');
    expect(replacementOf(`${styles}/ThemeProvider.mjs`)).toContain('ThemeProviderNoVars');
    expect(replacementOf('C:\\app\\node_modules\\@mui\\material\\styles\\createTheme.mjs')).not.toBeNull();
    expect(replacementOf(`${styles}/createThemeNoVars.mjs`)).toBeNull();
    expect(replacementOf(`${styles}/createPalette.mjs`)).toBeNull();
    expect(replacementOf('/app/src/app/createTheme.mjs')).toBeNull();
  });

  it('holds for the app theme, which MUI itself builds on its plain path: no colour schemes, no CSS variables', () => {
    expect('colorSchemes' in theme).toBe(false);
    expect(theme).not.toHaveProperty('vars');
    expect(theme.palette.primary.main).toBe('#1f4e8c');
  });

  it('makes a theme that asks for CSS variables or colour schemes fail with a message naming the plugin', () => {
    const source = replacementOf('/app/node_modules/@mui/material/styles/createTheme.mjs') ?? '';
    expect(source).toContain("if (options.cssVariables || 'colorSchemes' in options)");
    expect(source).toContain('remove the muiWithoutCssVariables plugin');
  });
});
