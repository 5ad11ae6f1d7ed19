import Typography from "@mui/material/Typography";
import TrustPage, { Section, SupportEmail } from "./TrustPage";

/** /contact: how to reach Forgehire's support team, and what to include. */
export default function ContactPage() {
  return (
    <TrustPage title="Contact Us" intro="Questions about a requirement, a payment or your account? Our support team answers every message.">
      <Section title="Email">
        <Typography component="p">
          Write to <SupportEmail />. We answer within one business day (Monday to Friday), and usually much sooner.
        </Typography>
      </Section>
      <Section title="What to include">
        <ul>
          <li>The email address of your Forgehire account.</li>
          <li>The requirement&apos;s title or the address of its page, when your question is about a job.</li>
          <li>For a payment: the date, the amount and the last four digits of the card. Never send the full card number.</li>
        </ul>
      </Section>
      <Section title="Already signed in?">
        <Typography component="p">
          Use the Messages page to talk to the freelancer or the client on a job, and the task discussions on a job&apos;s Project Status tab for questions
          about a single task. Support can read neither unless you ask us to look at a conversation.
        </Typography>
      </Section>
      <Section title="Refunds and disputes">
        <Typography component="p">
          Refunds follow our Refund Policy. Write to us from your account&apos;s email address with the job&apos;s title and we will confirm what applies.
        </Typography>
      </Section>
    </TrustPage>
  );
}
