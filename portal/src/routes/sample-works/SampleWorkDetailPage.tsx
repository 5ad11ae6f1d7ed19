import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import { Link as RouterLink, useParams } from "react-router";
import { findSampleWork, sampleTypeLabels } from "./sample-works";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography fontWeight={600}>{value}</Typography>
    </Box>
  );
}

/** /sample-works/:id: what one sample project was, what was built and what it changed for the client. */
export default function SampleWorkDetailPage() {
  const { id } = useParams();
  const work = findSampleWork(id);
  const back = (
    <Button component={RouterLink} to="/sample-works" startIcon={<ArrowBack />} color="inherit" sx={{ mb: 2, color: "text.secondary" }}>
      All Sample Works
    </Button>
  );

  if (!work) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {back}
        <Typography variant="h4" component="h1" gutterBottom>
          Sample work not found
        </Typography>
        <Typography color="text.secondary">There is no sample work at this address. The list shows all of them.</Typography>
      </Container>
    );
  }

  const Icon = work.icon;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      {back}
      <Card>
        <Box aria-hidden sx={{ height: 180, background: work.gradient, display: "grid", placeItems: "center", color: "rgba(255,255,255,0.92)" }}>
          <Icon sx={{ fontSize: 80 }} />
        </Box>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="overline" color="primary">
            {sampleTypeLabels[work.type]}
          </Typography>
          <Typography variant="h4" component="h1" gutterBottom>
            {work.name}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {work.description}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 6, sm: 3 }}>
              <Fact label="Business" value={work.businessType} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <Fact label="Stage" value={work.stage} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <Fact label="Cost" value={dollars.format(work.cost)} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <Fact label="Time" value={`${work.days} days`} />
            </Grid>
          </Grid>
          <Typography variant="h6" component="h2" gutterBottom>
            What was built
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0, mb: 3 }}>
            {work.built.map((item) => (
              <Stack component="li" key={item} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                <CheckCircleOutline color="success" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
                <Typography>{item}</Typography>
              </Stack>
            ))}
          </Stack>
          <Typography variant="h6" component="h2" gutterBottom>
            Outcome
          </Typography>
          <Typography sx={{ mb: 3 }}>{work.outcome}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 3 }}>
            {work.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 3 }}>
            <Typography variant="body2" color="text.secondary">
              Client satisfaction
            </Typography>
            <Rating value={work.rating} readOnly size="small" aria-label={`${work.rating} out of 5 stars`} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The client&apos;s site is private, so it is described here rather than linked.
          </Typography>
          <Button component={RouterLink} to="/post-job" variant="contained">
            Post a Similar Requirement
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
