import { Alert, Box, Card, CardContent, Skeleton, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { jobStatusLabels } from "@forgehire/core";
import { adminApi } from "../api";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const formatCount = (value: unknown) => count.format(Number(value));
const formatDollars = (value: unknown) => dollars.format(Number(value));

/**
 * A y-axis wide enough for its longest tick label (the largest value, formatted with its thousands separators):
 * about 8 px a character at the axis's 12 px font, plus the tick's own margin. A fixed width clipped 4-digit counts.
 */
export function yAxisWidth(values: number[], format: (value: number) => string): number {
  const longest = Math.max(...values.map((value) => format(Math.ceil(value * 1.1)).length), format(0).length);
  return longest * 8 + 16;
}

const weekLabel = (week: string) => new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

const ChartCard = ({ title, children }: { title: string; children: React.ReactElement }) => (
  <Card component="figure" aria-label={title} sx={{ m: 0 }}>
    <CardContent>
      <Typography component="figcaption" variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ height: 200 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
    </CardContent>
  </Card>
);

/** Three charts from GET /api/admin/stats/charts: jobs by status, paid revenue per week, new jobs per week. */
export default function DashboardCharts() {
  const { data, isError } = useQuery({ queryKey: ["admin", "charts"], queryFn: adminApi.charts });
  if (isError)
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        Failed to load the charts
      </Alert>
    );
  if (!data) return <Skeleton variant="rounded" height={260} sx={{ mt: 3 }} />;
  const byStatus = data.jobsByStatus.map((row) => ({ ...row, label: jobStatusLabels[row.status] }));
  const revenue = data.revenueByWeek.map((row) => ({ ...row, label: weekLabel(row.week) }));
  const newJobs = data.newJobsByWeek.map((row) => ({ ...row, label: weekLabel(row.week) }));

  return (
    <Box sx={{ mt: 3, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "repeat(3, 1fr)" } }}>
      <ChartCard title="Jobs by status">
        <BarChart data={byStatus} margin={{ top: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* interval 0: every status is named, even when the labels are tight. */}
          <XAxis dataKey="label" interval={0} tick={{ fontSize: 12 }} />
          <YAxis
            allowDecimals={false}
            tickFormatter={formatCount}
            width={yAxisWidth(
              byStatus.map((row) => row.count),
              formatCount,
            )}
          />
          <Tooltip formatter={formatCount} />
          {/* A status of 3 jobs next to one of 2,000 keeps a visible bar (minPointSize) and its exact count on top. */}
          <Bar dataKey="count" name="Jobs" fill="#1976d2" minPointSize={(value) => (Number(value) > 0 ? 3 : 0)} isAnimationActive={false}>
            <LabelList dataKey="count" position="top" formatter={formatCount} style={{ fontSize: 12, fill: "#333" }} />
          </Bar>
        </BarChart>
      </ChartCard>
      <ChartCard title="Paid revenue per week">
        <AreaChart data={revenue}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis
            tickFormatter={formatDollars}
            width={yAxisWidth(
              revenue.map((row) => row.amount),
              formatDollars,
            )}
          />
          <Tooltip formatter={formatDollars} />
          {/* Dots mark every week, so a small week next to a large one is still a point one can hover. */}
          <Area type="monotone" dataKey="amount" name="Revenue" stroke="#2e7d32" fill="#a5d6a7" dot={{ r: 3 }} isAnimationActive={false} />
        </AreaChart>
      </ChartCard>
      <ChartCard title="New jobs per week">
        <LineChart data={newJobs}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis
            allowDecimals={false}
            tickFormatter={formatCount}
            width={yAxisWidth(
              newJobs.map((row) => row.count),
              formatCount,
            )}
          />
          <Tooltip formatter={formatCount} />
          <Line type="monotone" dataKey="count" name="New jobs" stroke="#ed6c02" dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ChartCard>
    </Box>
  );
}
