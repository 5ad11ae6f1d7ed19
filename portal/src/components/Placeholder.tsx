import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import ConstructionOutlined from "@mui/icons-material/ConstructionOutlined";
import { Link as RouterLink } from "react-router";

interface PlaceholderProps {
  /** The screen's own title, as the spec names it. */
  title: string;
  /** The feature that will fill the screen, e.g. "Jobs". */
  feature: string;
  subtitle?: string;
  /** Extra content under the notice, e.g. an action the screen will offer. */
  children?: ReactNode;
}

/** An honest stand-in for a screen whose feature has not been built yet. */
export default function Placeholder({ title, feature, subtitle, children }: PlaceholderProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      <Card>
        <CardContent sx={{ display: "flex", gap: 2.5, alignItems: "flex-start", p: { xs: 3, md: 4 } }}>
          <Box
            aria-hidden
            sx={{
              display: "grid",
              placeItems: "center",
              width: 48,
              height: 48,
              borderRadius: 3,
              color: "primary.main",
              flexShrink: 0,
              backgroundColor: "rgba(57, 73, 171, 0.08)",
            }}
          >
            <ConstructionOutlined />
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="p" gutterBottom>
              Coming soon
            </Typography>
            <Typography color="text.secondary">This screen arrives with the {feature} feature.</Typography>
            {children && <Box sx={{ mt: 2 }}>{children}</Box>}
            <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 3 }}>
              Back to Home
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
