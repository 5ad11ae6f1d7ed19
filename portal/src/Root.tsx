import { StrictMode } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { styled, ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MaterialDesignContent, SnackbarProvider } from "notistack";
import { RouterProvider, type createBrowserRouter } from "react-router";
import { RealtimeProvider } from "@forgehire/realtime-client";
import { QUERY_RETRY_DELAY_MS, shouldRetryQuery } from "./api/client";
import App from "./App";
import { theme } from "./theme";

/** notistack's own toast colours give white text under 4.5:1 (success 3.8:1, warning 2.2:1, info 3.1:1); these reach WCAG AA. */
const AccessibleToast = styled(MaterialDesignContent)(() => ({
  "&.notistack-MuiContent-success": { backgroundColor: "#2e7d32" },
  "&.notistack-MuiContent-error": { backgroundColor: "#c62828" },
  "&.notistack-MuiContent-warning": { backgroundColor: "#b45309" },
  "&.notistack-MuiContent-info": { backgroundColor: "#01579b" },
}));
const toastVariants = { default: AccessibleToast, success: AccessibleToast, error: AccessibleToast, warning: AccessibleToast, info: AccessibleToast };

/** The portal's one route: the route table itself stays in App's <Routes>, under this splat route. */
export const routes = [{ path: "*", element: <App /> }];

/** A data router (browser or memory), so that forms can ask before a navigation loses their input (useBlocker). */
export type PortalRouter = ReturnType<typeof createBrowserRouter>;

/** The query client of one tab (or of one prerendered page). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on a retry; network faults and 5xx may, once, quickly (the default of three
        // retries with growing pauses left a failing page on a spinner for seconds).
        retry: shouldRetryQuery,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The portal with its providers: theme, query client, toasts, the shared socket, the router. The browser renders
 * it (main.tsx) and the build prerenders it (prerender.tsx), so both make the same markup for hydration.
 */
export default function Root({ router, queryClient }: { router: PortalRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          {/* The spec shows one toast at a time. */}
          <SnackbarProvider Components={toastVariants} maxSnack={1} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} autoHideDuration={4000}>
            {/* One socket per tab, shared by every live view (opened while one listens). */}
            <RealtimeProvider>
              <RouterProvider router={router} />
            </RealtimeProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
