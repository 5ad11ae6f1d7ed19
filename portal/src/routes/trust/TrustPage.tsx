import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";

/** The address that answers clients and freelancers about accounts, payments and refunds. */
export const SUPPORT_EMAIL = "support@forgehire.local";

/** Date the policies below last changed, shown on each of them. */
export const POLICIES_UPDATED = "23 November 2026";

/** A section of a policy page: a heading and its paragraphs or list. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ "& p": { mb: 1.5 }, "& li": { mb: 0.75 }, color: "text.primary" }}>{children}</Box>
    </Box>
  );
}

/** The support address as a mail link. */
export function SupportEmail() {
  return <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>;
}

/**
 * The frame of the contact and policy pages: a heading, when the text last changed, the sections.
 * @param title the page's heading
 * @param updated shown under the heading for policies
 */
export default function TrustPage({ title, intro, updated, children }: { title: string; intro: ReactNode; updated?: string; children: ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      {updated && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Last updated: {updated}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {intro}
      </Typography>
      {children}
    </Container>
  );
}
