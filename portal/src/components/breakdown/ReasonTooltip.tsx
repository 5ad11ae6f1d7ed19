import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import Tooltip from "@mui/material/Tooltip";
import { TOOLTIP_DELAY_MS } from "../JobIndicators";

interface ReasonTooltipProps {
  /** Why the control is disabled; null shows no tooltip. */
  reason: string | null;
  children: ReactElement;
  /** Stretch the wrapper to the control's full width (text fields). */
  fullWidth?: boolean;
}

/**
 * Explains a disabled control after the spec's 700 ms delay. A disabled control fires no events, so the
 * tooltip listens on a wrapper.
 */
export default function ReasonTooltip({ reason, children, fullWidth = false }: ReasonTooltipProps) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} enterDelay={TOOLTIP_DELAY_MS} describeChild>
      <Box component="span" sx={{ display: fullWidth ? "block" : "inline-flex", width: fullWidth ? "100%" : undefined }}>
        {children}
      </Box>
    </Tooltip>
  );
}
