import { createTheme } from '@mui/material/styles';

/** The one theme of the app: colours, type and component defaults. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1c3d5a', contrastText: '#ffffff' },
    secondary: { main: '#d9822b' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.25rem', fontWeight: 500 },
  },
  components: {
    // Labels read as written ('Dashboard', 'Save'); the spec's 'SIGN UP' and 'SIGN IN' are upper case in the text.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 1 } },
    // Initials on an avatar without a picture: MUI's grey 400 under the light text is 1.7:1; grey 700 is 5.8:1 (WCAG AA).
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161' } } },
  },
});
