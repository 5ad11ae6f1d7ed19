import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import AttachMoney from "@mui/icons-material/AttachMoney";
import Business from "@mui/icons-material/Business";
import ArrowForward from "@mui/icons-material/ArrowForward";
import Schedule from "@mui/icons-material/Schedule";
import { sampleFilters, sampleTypeLabels, sampleWorks } from "./sample-works";
import type { SampleType, SampleWork } from "./sample-works";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

function SampleWorkCard({ work }: { work: SampleWork }) {
  const Icon = work.icon;
  return (
    <Card component="article" aria-labelledby={`sample-${work.id}`} sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <Box
        aria-hidden
        sx={{ height: 150, background: work.gradient, display: "grid", placeItems: "center", color: "rgba(255,255,255,0.92)", position: "relative" }}
      >
        <Icon sx={{ fontSize: 64 }} />
        <Chip
          label={work.stage}
          size="small"
          sx={{
            position: "absolute",
            top: 12,
            right: 12,
            fontWeight: 700,
            bgcolor: "rgba(255,255,255,0.9)",
            color: work.stage === "Production" ? "success.dark" : "warning.dark",
          }}
        />
      </Box>
      <CardContent sx={{ flex: 1, p: 3 }}>
        <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5 }}>
          {sampleTypeLabels[work.type]}
        </Typography>
        <Typography id={`sample-${work.id}`} variant="h6" component="h2" gutterBottom>
          {work.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {work.description}
        </Typography>
        <Stack spacing={0.75} sx={{ mb: 2 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Business fontSize="small" color="action" aria-hidden />
            <Typography variant="body2">{work.businessType}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 44 }}>
              Stage
            </Typography>
            <Typography variant="body2" fontWeight={600}>
              {work.stage}
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.75} sx={{ mb: 2 }}>
          {work.tags.map((tag) => (
            <Chip key={tag} label={tag} size="small" variant="outlined" />
          ))}
        </Stack>
        <Stack direction="row" spacing={3} sx={{ mb: 1.5 }}>
          <Stack direction="row" spacing={0.5} alignItems="center">
            <AttachMoney fontSize="small" color="action" aria-hidden />
            <Typography variant="body2">
              <Box component="span" sx={{ color: "text.secondary" }}>
                Cost:{" "}
              </Box>
              <strong>{dollars.format(work.cost)}</strong>
            </Typography>
          </Stack>
          <Stack direction="row" spacing={0.5} alignItems="center">
            <Schedule fontSize="small" color="action" aria-hidden />
            <Typography variant="body2">
              <Box component="span" sx={{ color: "text.secondary" }}>
                Time:{" "}
              </Box>
              <strong>{work.days} days</strong>
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="body2" color="text.secondary">
            Client satisfaction
          </Typography>
          <Rating value={work.rating} readOnly size="small" aria-label={`${work.rating} out of 5 stars`} />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 0 }}>
        {/* The clients' sites are not public: the detail view tells what was built instead of linking out. */}
        <Button
          component={RouterLink}
          to={`/sample-works/${work.id}`}
          // The detail opens at its top, not at the scroll position of the list.
          onClick={() => window.scrollTo({ top: 0 })}
          endIcon={<ArrowForward />}
          aria-label={`View details of ${work.name}`}
        >
          View Details
        </Button>
      </CardActions>
    </Card>
  );
}

/** /sample-works: nine fixed portfolio items with a type filter. */
export default function SampleWorksPage() {
  const [filter, setFilter] = useState<SampleType | "all">("all");
  const visible = filter === "all" ? sampleWorks : sampleWorks.filter((work) => work.type === filter);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" align="center" gutterBottom>
        Our Sample Works
      </Typography>
      <Typography color="text.secondary" align="center" sx={{ mb: 4, maxWidth: 680, mx: "auto" }}>
        Projects delivered through Forgehire, from one-page sites to AI-powered applications.
      </Typography>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} justifyContent="center" role="group" aria-label="Filter projects by type" sx={{ mb: 4 }}>
        {sampleFilters.map((option) => (
          <Button
            key={option.value}
            variant={filter === option.value ? "contained" : "outlined"}
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
            sx={{ borderRadius: 999, px: 2.5 }}
          >
            {option.label}
          </Button>
        ))}
      </Stack>
      <Grid container spacing={3}>
        {visible.map((work) => (
          <Grid key={work.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <SampleWorkCard work={work} />
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
