import { ArrayField, ChipField, DateField, EmailField, NumberField, ReferenceField, Show, SimpleShowLayout, SingleFieldList, TextField, FunctionField } from "react-admin";
import type { AdminFreelancer } from "./types";

const chips = (source: "skills" | "domains" | "languages", label: string) => (
  <ArrayField source={source} label={label}>
    <SingleFieldList linkType={false} empty={<span>—</span>}>
      <ChipField source="" size="small" />
    </SingleFieldList>
  </ArrayField>
);

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
