import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e8c' },
    // Each colour reads at WCAG AA (4.5:1) as text on white and under white text (outlined and filled chips,
    // avatars, badges); MUI's default secondary, warning and info do not.
    secondary: { main: '#00796b' },
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontSize: '1.75rem' },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'medium' } },
    // A disabled field's helper text still explains it: readable at 4.5:1.
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    // The default (action.active) falls below 4.5:1 on the page's background.
    MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
    // On a phone a table's columns need the room more than the cells need their side padding.
    MuiTableCell: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { paddingLeft: 8, paddingRight: 8 } }),
      },
    },
  },
});
