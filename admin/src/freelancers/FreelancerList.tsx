import { ChipField, Datagrid, DateField, EmailField, List, NumberField, SearchInput, SingleFieldList, TextField, ArrayField } from "react-admin";
import type { AdminFreelancer } from "./types";

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const skillChip = (source: "skills" | "domains", label: string) => (
  <ArrayField source={source} label={label} sortable={false}>
    <SingleFieldList linkType={false}>
      <ChipField source="" size="small" />
    </SingleFieldList>
  </ArrayField>
);

/** Every freelancer profile, searched as the directory searches (name, title, bio, skills, domains). */
const FreelancerList = () => (
  <List<AdminFreelancer> filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="name" />
      <EmailField source="email" sortable={false} />
      <TextField source="title" />
      <NumberField source="hourlyRate" label="Hourly rate" options={{ style: "currency", currency: "USD" }} locales="en-US" />
      {skillChip("skills", "Skills")}
      <DateField source="createdAt" label="Created" />
    </Datagrid>
  </List>
);

export default FreelancerList;
