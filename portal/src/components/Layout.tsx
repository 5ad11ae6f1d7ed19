import { Suspense } from "react";
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useLocation } from "react-router";
import ErrorBoundary from "./ErrorBoundary";
import NavBar from "./NavBar";
import PageLoader from "./PageLoader";

/** The frame of every page: nav bar, the screen, a footer. */
export default function Layout({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: "100vh" }}>
      <NavBar />
      <Box component="main" sx={{ flex: 1 }}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
      {/* No links here: every destination is in the nav bar, and one link per name keeps the page unambiguous. */}
      <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", py: 3, mt: 6 }}>
        <Container maxWidth="lg">
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Forgehire. AI-built software, inspected in-house by engineers.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
