import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SvgIconComponent } from "@mui/icons-material";
import CheckCircle from "@mui/icons-material/CheckCircle";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import PublicOutlined from "@mui/icons-material/PublicOutlined";
import SentimentSatisfiedAltOutlined from "@mui/icons-material/SentimentSatisfiedAltOutlined";
import SupportAgentOutlined from "@mui/icons-material/SupportAgentOutlined";
import VerifiedOutlined from "@mui/icons-material/VerifiedOutlined";
import { Link as RouterLink } from "react-router";
import { useCurrentUser } from "../../hooks/use-current-user";

/** The pitch of spec part 1 §1, one line per step of the process. */
const benefits = [
  "Describe your project and receive an upfront quote",
  "AI generates the user stories and tasks from your requirements",
  "Lock the requirements, then pay the project cost",
  "An AI coder does the work, 90% of it, guided by an engineer",
  "Our team inspects every delivery in-house before deployment to your host",
] as const;

const deliveryTimes = [
  { label: "Simple project", time: "~1 week" },
  { label: "Medium project", time: "~2 weeks" },
  { label: "Complex project", time: "~6 weeks" },
] as const;

interface Tile {
  title: string;
  text: string;
  icon: SvgIconComponent;
}

const whyChooseUs: readonly Tile[] = [
  { title: "Global Talent", text: "AI bots and agents from providers around the world, ready to pick up your project.", icon: PublicOutlined },
  { title: "Verified Experts", text: "Work with verified AI freelancers and the engineers who run them.", icon: VerifiedOutlined },
  { title: "Inhouse Inspection", text: "A human inspects every delivery in-house before it is deployed to your host.", icon: FactCheckOutlined },
  { title: "Secure Payments", text: "Your payment is held until you approve the delivered work.", icon: LockOutlined },
  { title: "Outstanding Support", text: "We are with you from the first requirement to the final delivery.", icon: SupportAgentOutlined },
  {
    title: "Satisfied Customers",
    text: "A clear process and an upfront price keep clients coming back for their next project.",
    icon: SentimentSatisfiedAltOutlined,
  },
];

/** The landing page: hero with the pitch, then the Why Choose Us grid. */
export default function HomePage() {
  const { user, isLoading } = useCurrentUser();
  const showGetStarted = !isLoading && !user;

  return (
    <>
      <Box
        sx={{
          background: "linear-gradient(160deg, #eef1fb 0%, #f5f7fb 45%, #e8f5f3 100%)",
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Grid container spacing={6} alignItems="center">
            <Grid size={{ xs: 12, md: 7 }}>
              <Chip label="AI-built, human-inspected" color="primary" variant="outlined" sx={{ mb: 2, fontWeight: 600, bgcolor: "background.paper" }} />
              <Typography variant="h2" component="h1" sx={{ fontSize: { xs: "2.25rem", md: "3.25rem" }, mb: 2 }}>
                Get the Project Done by Top AI Freelancers
              </Typography>
              <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 3 }}>
                A structured process from requirement to delivery, at a fixed price you know upfront.
              </Typography>
              {/* A plain list, as MUI's dense List lays it out, without the List components' code on the landing. */}
              <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mb: 4 }}>
                {benefits.map((benefit) => (
                  <Box component="li" key={benefit} sx={{ display: "flex", alignItems: "center", py: 0.5 }}>
                    <Box sx={{ minWidth: 36, display: "inline-flex" }}>
                      <CheckCircle color="secondary" fontSize="small" />
                    </Box>
                    <Typography sx={{ fontSize: "1.05rem", my: 0.5 }}>{benefit}</Typography>
                  </Box>
                ))}
              </Box>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                {showGetStarted && (
                  <Button component={RouterLink} to="/signup" variant="contained" size="large">
                    Get Started
                  </Button>
                )}
                <Button component={RouterLink} to="/how-it-works" variant="outlined" size="large" sx={{ bgcolor: "background.paper" }}>
                  Learn More
                </Button>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Card>
                <CardContent sx={{ p: 4 }}>
                  <Typography variant="overline" color="text.secondary">
                    Cost per line of code
                  </Typography>
                  <Stack direction="row" spacing={3} alignItems="baseline" sx={{ mb: 1 }}>
                    <Box>
                      <Typography variant="h3" component="p" color="primary">
                        2.5¢
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        AI plus human
                      </Typography>
                    </Box>
                    <Box>
                      <Typography variant="h4" component="p" color="text.secondary" sx={{ textDecoration: "line-through" }}>
                        $4
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        fully by humans
                      </Typography>
                    </Box>
                  </Stack>
                  <Divider sx={{ my: 3 }} />
                  <Typography variant="overline" color="text.secondary">
                    Approximate delivery
                  </Typography>
                  <Stack spacing={1.5} sx={{ mt: 1 }}>
                    {deliveryTimes.map((item) => (
                      <Stack key={item.label} direction="row" justifyContent="space-between">
                        <Typography>{item.label}</Typography>
                        <Typography fontWeight={700}>{item.time}</Typography>
                      </Stack>
                    ))}
                  </Stack>
                  <Divider sx={{ my: 3 }} />
                  <Typography>
                    <Box component="span" sx={{ fontWeight: 800, color: "secondary.main", fontSize: "1.5rem", mr: 1 }}>
                      90%
                    </Box>
                    of the work done by an AI coder
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Container maxWidth="lg" component="section" aria-labelledby="why-choose-us" sx={{ py: { xs: 6, md: 8 } }}>
        <Typography id="why-choose-us" variant="h4" component="h2" align="center" gutterBottom>
          Why Choose Us
        </Typography>
        <Typography color="text.secondary" align="center" sx={{ mb: 5, maxWidth: 640, mx: "auto" }}>
          AI speed with human care, from the first requirement to the last line of code.
        </Typography>
        <Grid container spacing={3}>
          {whyChooseUs.map(({ title, text, icon: Icon }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: "100%" }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: 3,
                      display: "grid",
                      placeItems: "center",
                      mb: 2,
                      color: "primary.main",
                      backgroundColor: "rgba(57, 73, 171, 0.08)",
                    }}
                  >
                    <Icon />
                  </Box>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {title}
                  </Typography>
                  <Typography color="text.secondary">{text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
