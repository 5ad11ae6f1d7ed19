import DownloadIcon from "@mui/icons-material/Download";
import { Button } from "@mui/material";

/**
 * A link to a PDF the server draws (a receipt or a credit note): the browser downloads it with the admin's session.
 * Clicking it must not open the row.
 */
export const DownloadLink = ({ href, label }: { href: string; label: string }) => (
  <Button size="small" href={href} startIcon={<DownloadIcon />} onClick={(event) => event.stopPropagation()} aria-label={label}>
    PDF
  </Button>
);
