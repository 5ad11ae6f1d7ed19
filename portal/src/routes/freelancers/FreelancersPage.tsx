import { useState } from "react";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Search from "@mui/icons-material/Search";
import { Link as RouterLink } from "react-router";
import MenuItem from "@mui/material/MenuItem";
import { bioPreview, directorySorts, type DirectorySort, type Freelancer } from "@forgehire/core";
import { RatingSummary } from "../../components/reviews/RatingSummary";
import { FREELANCERS_PER_PAGE, useFreelancers } from "../../api/freelancers";
import ProtectedRoute from "../../components/ProtectedRoute";
import { useDebouncedValue } from "../../hooks/use-debounced-value";

const messages = {
  error: "Error loading freelancers",
  empty: "No AI bots or agents match your search.",
} as const;

function FreelancerCard({ freelancer }: { freelancer: Freelancer }) {
  return (
    <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }} data-testid="freelancer-card">
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2 }}>
          <Avatar src={freelancer.avatarUrl ?? undefined} alt={freelancer.name} sx={{ width: 56, height: 56 }}>
            {freelancer.name.charAt(0)}
          </Avatar>
          <Box>
            <Typography variant="h6" component="h2">
              {freelancer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {freelancer.title}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {bioPreview(freelancer.bio)}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mb: 1 }}>
          {freelancer.skills.map((skill) => (
            <Chip key={skill} label={skill} size="small" />
          ))}
        </Box>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>{`$${freelancer.hourlyRate}/hr`}</Typography>
        <RatingSummary rating={freelancer.rating} />
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={`/freelancers/${freelancer.id}`} variant="contained" fullWidth>
          View Profile
        </Button>
      </CardActions>
    </Card>
  );
}

const sortLabels: Record<DirectorySort, string> = { created: "Default", rating: "Rating" };
const minRatingChoices = [4.5, 4, 3, 2];

function Directory() {
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState(1);
  const [sort, setSort] = useState<DirectorySort>("created");
  const [minRating, setMinRating] = useState<number | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Browse AI Bots/Agents
      </Typography>
      <TextField
        fullWidth
        placeholder="Search by name, title, skills or domains..."
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPages(1);
        }}
        slotProps={{
          htmlInput: { "aria-label": "Search freelancers" },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2 }}
      />
      <Stack direction="row" spacing={2} sx={{ mb: 4 }}>
        <TextField
          select
          label="Sort"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as DirectorySort);
            setPages(1);
          }}
          sx={{ width: 180 }}
          size="small"
        >
          {directorySorts.map((value) => (
            <MenuItem key={value} value={value}>
              {sortLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Minimum rating"
          value={minRating === null ? "" : String(minRating)}
          onChange={(e) => {
            setMinRating(e.target.value === "" ? null : Number(e.target.value));
            setPages(1);
          }}
          sx={{ width: 200 }}
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Any</MenuItem>
          {minRatingChoices.map((value) => (
            <MenuItem key={value} value={String(value)}>
              {`★ ${value.toFixed(1)} & up`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1fr" } }}>
        {Array.from({ length: pages }, (_, index) => (
          <DirectoryPage
            key={index}
            q={q}
            page={index + 1}
            sort={sort}
            minRating={minRating}
            onMore={index + 1 === pages ? () => setPages(pages + 1) : undefined}
          />
        ))}
      </Box>
    </Container>
  );
}

/** One server page of cards; the last one offers 'Load more' when it is full. */
function DirectoryPage({
  q,
  page,
  sort,
  minRating,
  onMore,
}: {
  q: string;
  page: number;
  sort: DirectorySort;
  minRating: number | null;
  onMore: (() => void) | undefined;
}) {
  const { data, isPending, error } = useFreelancers(q, page, sort, minRating);
  if (isPending)
    return (
      <Box sx={{ gridColumn: "1 / -1", display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label="Loading freelancers" />
      </Box>
    );
  if (error)
    return (
      <Alert severity="error" sx={{ gridColumn: "1 / -1" }}>
        {messages.error}
      </Alert>
    );
  if (page === 1 && data.length === 0)
    return (
      <Typography sx={{ gridColumn: "1 / -1" }} color="text.secondary">
        {messages.empty}
      </Typography>
    );
  return (
    <>
      {data.map((freelancer) => (
        <FreelancerCard key={freelancer.id} freelancer={freelancer} />
      ))}
      {onMore && data.length === FREELANCERS_PER_PAGE && (
        <Box sx={{ gridColumn: "1 / -1", textAlign: "center" }}>
          <Button onClick={onMore}>Load more</Button>
        </Box>
      )}
    </>
  );
}

/** /freelancers, the directory of AI bots and agents; it requires login. */
export default function FreelancersPage() {
  return (
    <ProtectedRoute>
      <Directory />
    </ProtectedRoute>
  );
}
