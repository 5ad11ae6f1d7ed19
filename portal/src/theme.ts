import { createTheme } from "@mui/material/styles";

/** The portal's look: an indigo primary, a teal accent, soft surfaces and rounded cards. */
export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#3949ab", light: "#6f74dd", dark: "#00227b", contrastText: "#ffffff" },
    // Teal 700 rather than 600 (#00897b, 4.3:1 on white): outlined chips and buttons use it as text colour.
    secondary: { main: "#00796b", light: "#48a999", dark: "#004c40", contrastText: "#ffffff" },
    // MUI's warning orange (#ed6c02) gives white chip text 3.2:1; this one reaches WCAG AA's 4.5:1.
    warning: { main: "#b45309", contrastText: "#ffffff" },
    // Likewise MUI's info blue (#0288d1, 3.9:1) on the task status chips.
    info: { main: "#01579b", contrastText: "#ffffff" },
    background: { default: "#f5f7fb", paper: "#ffffff" },
    // text.disabled also writes "Not specified" and the helper text of disabled fields: MUI's 38% black (2.7:1)
    // is too faint to read; this slate reaches 4.5:1 on the page background and stays lighter than text.secondary.
    text: { primary: "#1c2333", secondary: "#5b6478", disabled: "#697184" },
    divider: "#e3e7ef",
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, letterSpacing: "-0.02em" },
    h2: { fontWeight: 800, letterSpacing: "-0.02em" },
    h3: { fontWeight: 700, letterSpacing: "-0.01em" },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    // MUI renders subtitles as <h6> by default; here they are labels and captions, so a heading is always asked for.
    MuiTypography: {
      defaultProps: { variantMapping: { subtitle1: "p", subtitle2: "p" } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 16,
          border: "1px solid #e3e7ef",
          boxShadow: "0 1px 2px rgba(16, 24, 40, 0.04), 0 4px 16px rgba(16, 24, 40, 0.06)",
        },
      },
    },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: 16 } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: "inherit" },
      styleOverrides: { root: { borderBottom: "1px solid #e3e7ef", backgroundColor: "#ffffff" } },
    },
    MuiTextField: {
      defaultProps: { fullWidth: true },
    },
    MuiDialog: {
      styleOverrides: { paper: { borderRadius: 16 } },
    },
    MuiTab: {
      styleOverrides: { root: { textTransform: "none", fontWeight: 600 } },
    },
  },
});
