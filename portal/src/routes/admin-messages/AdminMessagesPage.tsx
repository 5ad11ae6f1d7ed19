import { COMMUNICATION_HUB_URL } from "../../back-office";
import BackOfficeRedirect from "../admin-dashboard/BackOfficeRedirect";

/** /admin-messages: every chat room and project, in the back office's Communication Hub. */
export default function AdminMessagesPage() {
  return <BackOfficeRedirect to={COMMUNICATION_HUB_URL} />;
}
