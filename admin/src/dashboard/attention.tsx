import { Alert, Box, Card, CardActionArea, CardContent, Skeleton, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-admin";
import type { AdminAttention } from "@forgehire/core";
import { adminApi } from "../api";

/** Each count of GET /api/admin/stats/attention, with the list (and filter) that shows what it counts. */
export const attentionItems: { key: keyof AdminAttention; label: string; resource: string; filter: Record<string, unknown> }[] = [
  { key: "failedEmails", label: "Failed emails", resource: "emails", filter: { status: "failed" } },
  { key: "paymentsToRefund", label: "Payments to refund", resource: "payments", filter: { needsRefund: true } },
  { key: "pendingChangeRequests", label: "Pending change requests", resource: "change-requests", filter: { status: "pending" } },
  { key: "overdueReviews", label: "Reviews past due", resource: "deliveries", filter: { status: "in_review", overdue: true } },
  { key: "openDisputes", label: "Open disputes", resource: "disputes", filter: { status: "open" } },
];

export const attentionLink = (item: (typeof attentionItems)[number]) => `/${item.resource}?filter=${encodeURIComponent(JSON.stringify(item.filter))}`;

/** One query for the dashboard and the menu's badges, refreshed every minute while the back office is open. */
export const useAttention = () => useQuery({ queryKey: ["admin", "attention"], queryFn: adminApi.attention, refetchInterval: 60_000 });

/** "Needs attention": what waits for an admin, each count linking to the list of exactly those records. */
export const NeedsAttention = () => {
  const { data, isError } = useAttention();
  return (
    <Box component="section" aria-labelledby="needs-attention" sx={{ mt: 3 }}>
      <Typography id="needs-attention" variant="h6" component="h3" gutterBottom>
        Needs attention
      </Typography>
      {isError ? (
        <Alert severity="error">Failed to load what needs attention</Alert>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(5, 1fr)" } }}
        >
          {attentionItems.map((item) => {
            const count = data?.[item.key];
            const urgent = (count ?? 0) > 0;
            return (
              <Card component="li" key={item.key} aria-label={item.label} variant="outlined" sx={{ borderColor: urgent ? "warning.main" : undefined }}>
                <CardActionArea component={Link} to={attentionLink(item)} sx={{ height: "100%" }}>
                  <CardContent>
                    <Typography variant="body2" color="text.secondary">
                      {item.label}
                    </Typography>
                    <Typography variant="h4" component="p" sx={{ fontVariantNumeric: "tabular-nums", color: urgent ? "warning.dark" : "text.primary" }}>
                      {count === undefined ? <Skeleton width={40} /> : count.toLocaleString("en-US")}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      )}
    </Box>
  );
};
