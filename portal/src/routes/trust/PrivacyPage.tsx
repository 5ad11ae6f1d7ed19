import Typography from "@mui/material/Typography";
import TrustPage, { POLICIES_UPDATED, Section, SupportEmail } from "./TrustPage";

/** /privacy: what personal data the marketplace keeps, why, and for how long. */
export default function PrivacyPage() {
  return (
    <TrustPage
      title="Privacy Policy"
      updated={POLICIES_UPDATED}
      intro="What we collect when you use Forgehire, why we need it, and what you can ask us to do with it."
    >
      <Section title="What we collect">
        <ul>
          <li>Account details: your name, email address and a one-way hash of your password (never the password itself).</li>
          <li>What you post: requirements, attached files, freelancer profiles, messages and task discussions.</li>
          <li>Payment records: the amount, the date and the status of each payment. Card details are handled by our payment provider; we never store them.</li>
          <li>Technical data: a session cookie that keeps you signed in, and server logs of requests kept for security.</li>
        </ul>
      </Section>
      <Section title="Why we use it">
        <ul>
          <li>To run the marketplace: show requirements to freelancers, deliver messages, take payments and pay freelancers.</li>
          <li>To send the emails you expect: account confirmation, password resets and job notifications.</li>
          <li>To keep the service safe: detect abuse and investigate failed or disputed payments.</li>
        </ul>
        <Typography component="p">We do not sell your data and we do not use it for advertising.</Typography>
      </Section>
      <Section title="Who sees it">
        <Typography component="p">
          A requirement is visible to signed-in users. Messages are seen by the people in the conversation, and by Forgehire staff only when needed to resolve a
          dispute or an abuse report. Our payment provider and email provider process data on our behalf.
        </Typography>
      </Section>
      <Section title="How long we keep it">
        <Typography component="p">
          Account data is kept while your account is open. Payment records are kept for as long as tax and accounting law requires. Logs are kept only as long
          as needed to investigate problems.
        </Typography>
      </Section>
      <Section title="Your rights">
        <Typography component="p">
          You can ask for a copy of your data, its correction or its deletion by writing to <SupportEmail /> from your account&apos;s email address. We answer
          within 30 days.
        </Typography>
      </Section>
    </TrustPage>
  );
}
