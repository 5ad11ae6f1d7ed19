import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

/** The product's name and mark, linking home. */
export default function Brand({ onClick }: { onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      aria-label="Forgehire home"
      sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.primary", textDecoration: "none", mr: 2, flexShrink: 0 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          display: "grid",
          placeItems: "center",
          color: "#fff",
          fontWeight: 800,
          background: "linear-gradient(135deg, #3949ab 0%, #00897b 100%)",
        }}
      >
        F
      </Box>
      <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: "-0.02em" }}>
        Forgehire
      </Typography>
    </Box>
  );
}
