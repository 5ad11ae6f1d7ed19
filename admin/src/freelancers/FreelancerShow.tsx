import { DateField, EmailField, FunctionField, NumberField, ReferenceField, Show, SimpleShowLayout, TextArrayField, TextField } from "react-admin";
import type { AdminFreelancer } from "@forgehire/core";

// Lists of plain strings: TextArrayField shows each as a chip.
const chips = (source: "skills" | "domains" | "languages", label: string) => <TextArrayField source={source} label={label} emptyText="—" />;

/** One profile, read only: a profile is its owner's to change. */
const FreelancerShow = () => (
  <Show<AdminFreelancer>>
    <SimpleShowLayout>
      <TextField source="name" />
      <EmailField source="email" />
      <ReferenceField source="userId" reference="users" label="Account" link="edit" />
      <TextField source="title" />
      <TextField source="bio" />
      <NumberField source="hourlyRate" label="Hourly rate" options={{ style: "currency", currency: "USD" }} locales="en-US" />
      {chips("skills", "Skills")}
      {chips("domains", "Domains")}
      {chips("languages", "Languages")}
      <FunctionField<AdminFreelancer> label="Public profile" render={(record) => <a href={`/freelancers/${record.id}`}>/freelancers/{record.id}</a>} />
      <DateField source="createdAt" label="Created" showTime />
    </SimpleShowLayout>
  </Show>
);

export default FreelancerShow;
