import { Button, Card, CardActions, CardContent, Typography } from "@mui/material";
import PeopleIcon from "@mui/icons-material/People";
import { Link, Title, useGetIdentity } from "react-admin";

/** The landing card. Counts from GET /api/admin/stats come with the jobs resources. */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Forgehire back office
        </Typography>
        <Typography color="text.secondary">
          {identity?.fullName ? `Welcome, ${identity.fullName}. ` : null}
          Manage the marketplace's accounts from here.
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to="/users" startIcon={<PeopleIcon />}>
          Users
        </Button>
      </CardActions>
    </Card>
  );
};
