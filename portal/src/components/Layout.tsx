import { Suspense } from "react";
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useLocation } from "react-router";
import ErrorBoundary from "./ErrorBoundary";
import NavBar from "./NavBar";
import PageLoader from "./PageLoader";

/** The pages a visitor checks before paying: who to contact and the rules for payments, refunds and data. */
const footerLinks = [
  { label: "Contact", to: "/contact" },
  { label: "Terms", to: "/terms" },
  { label: "Privacy", to: "/privacy" },
  { label: "Refund Policy", to: "/refund-policy" },
] as const;

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
      {/* Only pages the nav bar does not offer, so each link name appears once on a page. */}
      <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", py: 3, mt: 6 }}>
        <Container
          maxWidth="lg"
          sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, gap: 1.5, justifyContent: "space-between", alignItems: { sm: "center" } }}
        >
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Forgehire. AI-built software, inspected in-house by engineers.
          </Typography>
          <Stack component="nav" aria-label="Footer" direction="row" spacing={2.5} useFlexGap sx={{ flexWrap: "wrap" }}>
            {footerLinks.map((link) => (
              // Followed from the bottom of a page, the new page should open at its top.
              <Link
                key={link.to}
                component={RouterLink}
                to={link.to}
                onClick={() => window.scrollTo({ top: 0 })}
                variant="body2"
                color="text.secondary"
                underline="hover"
              >
                {link.label}
              </Link>
            ))}
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
