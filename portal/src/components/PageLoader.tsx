import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

/** A centred spinner for a screen that is still loading. */
export default function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2, py: 10 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
