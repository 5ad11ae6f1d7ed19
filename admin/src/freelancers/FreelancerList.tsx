import { Datagrid, DateField, EmailField, List, NumberField, SearchInput, TextArrayField, TextField } from "react-admin";
import type { AdminFreelancer } from "@forgehire/core";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every freelancer profile, searched as the directory searches (name, title, bio, skills, domains). */
const FreelancerList = () => (
  <List<AdminFreelancer> actions={<ListActions />} pagination={<ListPagination />} filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="name" />
      <EmailField source="email" sortable={false} />
      <TextField source="title" />
      <NumberField source="hourlyRate" label="Hourly rate" options={{ style: "currency", currency: "USD" }} locales="en-US" />
      <TextArrayField source="skills" label="Skills" sortable={false} />
      <DateField source="createdAt" label="Created" />
    </Datagrid>
  </List>
);

export default FreelancerList;
