import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ChatBubbleOutline from "@mui/icons-material/ChatBubbleOutline";
import { useSnackbar } from "notistack";
import { useNavigate, useParams } from "react-router";
import { errorCatalogue } from "@forgehire/core";
import { errorMessage, isApiError } from "../../api/client";
import { useStartChat } from "../../api/chat";
import { useFreelancer } from "../../api/freelancers";
import PageLoader from "../../components/PageLoader";
import ProtectedRoute from "../../components/ProtectedRoute";
import ToastMessage from "../../components/ToastMessage";
import { useCurrentUser } from "../../hooks/use-current-user";
import { RatingSummary } from "../../components/reviews/RatingSummary";
import ProfileReviews from "./ProfileReviews";

const messages = {
  notFound: "Freelancer not found",
  error: "Error loading freelancer profile",
  noPortfolio: "No portfolio items yet",
  loginRequired: errorCatalogue.CHAT_LOGIN_REQUIRED.message,
  chatFailed: "Failed to create chat room",
} as const;

function Profile({ id }: { id: string }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useCurrentUser();
  const { data, error, isPending } = useFreelancer(id);
  const startChat = useStartChat();

  if (isPending) return <PageLoader />;
  if (error || !data) {
    const notFound = isApiError(error, "FREELANCER_NOT_FOUND");
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity={notFound ? "warning" : "error"}>{notFound ? messages.notFound : messages.error}</Alert>
      </Container>
    );
  }

  const handleChat = () => {
    if (!user) {
      enqueueSnackbar(<ToastMessage title="Error" message={messages.loginRequired} />, { variant: "error" });
      return void navigate("/login");
    }
    // Who may start a chat is the server's rule: a freelancer or an admin gets its CLIENT_ONLY_CHAT answer.
    startChat.mutate(
      { freelancerId: data.id },
      {
        onSuccess: (room) => void navigate(`/messages/${encodeURIComponent(room.roomId)}`),
        onError: (err) => enqueueSnackbar(<ToastMessage title="Error" message={errorMessage(err, messages.chatFailed)} />, { variant: "error" }),
      },
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Paper sx={{ p: { xs: 2, md: 4 }, mb: 4 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { sm: "center" } }}>
          <Avatar src={data.avatarUrl ?? undefined} alt={data.name} sx={{ width: 96, height: 96 }}>
            {data.name.charAt(0)}
          </Avatar>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h4" component="h1">
              {data.name}
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary">
              {data.title}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>{`$${data.hourlyRate}/hr`}</Typography>
            <RatingSummary rating={data.rating} />
          </Box>
          <Button variant="contained" startIcon={<ChatBubbleOutline />} onClick={handleChat} disabled={startChat.isPending}>
            Chat with Freelancer
          </Button>
        </Stack>
        <Typography sx={{ mt: 3, whiteSpace: "pre-line" }}>{data.bio}</Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 2 }}>
          {[...data.skills, ...data.domains].map((item) => (
            <Chip key={item} label={item} />
          ))}
          {data.languages.map((language) => (
            <Chip key={language} label={language} variant="outlined" />
          ))}
        </Box>
        {data.portfolioDocs.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">Documents</Typography>
            {data.portfolioDocs.map((doc) => (
              <Link key={doc.id} href={doc.url} target="_blank" rel="noopener" sx={{ display: "block" }}>
                {doc.name}
              </Link>
            ))}
          </Box>
        )}
      </Paper>

      <Typography variant="h5" component="h2" gutterBottom>
        Portfolio
      </Typography>
      {data.portfolios.length === 0 ? (
        <Typography color="text.secondary">{messages.noPortfolio}</Typography>
      ) : (
        <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1fr" } }}>
          {data.portfolios.map((item) => (
            <Card key={item.id} variant="outlined">
              {item.imageUrl && <CardMedia component="img" height="160" image={item.imageUrl} alt={item.title} />}
              <CardContent>
                <Typography variant="h6" component="h3">
                  {item.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.description}
                </Typography>
              </CardContent>
              {item.projectUrl && (
                <CardActions>
                  <Button href={item.projectUrl} target="_blank" rel="noopener noreferrer">
                    View Project
                  </Button>
                </CardActions>
              )}
            </Card>
          ))}
        </Box>
      )}
      <ProfileReviews profile={data} viewerId={user?.id} />
    </Container>
  );
}

/** /freelancers/:id: the public profile with its portfolio and 'Chat with Freelancer'. */
export default function FreelancerProfilePage() {
  const { id } = useParams();
  return <ProtectedRoute>{id ? <Profile id={id} /> : null}</ProtectedRoute>;
}
