import { Datagrid, DateField, FunctionField, List, NullableBooleanInput, NumberInput, SelectInput, TextField, TextInput } from "react-admin";
import type { AdminReview } from "@forgehire/core";
import { ReviewStateChip, stars } from "./ReviewState";
import { ListActions, ListPagination } from "../layout/ListActions";

const roleChoices = [
  { id: "client", name: "Client about freelancer" },
  { id: "freelancer", name: "Freelancer about client" },
];
const ratingChoices = [1, 2, 3, 4, 5].map((n) => ({ id: n, name: stars(n) }));

const reviewFilters = [
  <TextInput key="q" source="q" label="Search" alwaysOn />,
  <NullableBooleanInput key="hidden" source="hidden" label="Hidden" alwaysOn />,
  <NullableBooleanInput key="published" source="published" label="Published" />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <SelectInput key="rating" source="rating" choices={ratingChoices} />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
];

/** Every review, newest first; hidden ones stay listed with their reason. */
const ReviewList = () => (
  <List<AdminReview>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={reviewFilters}
    sort={{ field: "createdAt", order: "DESC" }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <FunctionField<AdminReview> label="State" render={(record) => <ReviewStateChip review={record} />} />
      <FunctionField<AdminReview>
        source="rating"
        label="Rating"
        render={(record) => <span aria-label={`${record.rating} of 5 stars`}>{stars(record.rating)}</span>}
      />
      <FunctionField<AdminReview> label="Who" render={(record) => `${record.authorName} → ${record.subjectName}`} />
      <TextField<AdminReview>
        source="text"
        sortable={false}
        sx={{ display: "block", maxWidth: 380, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
      />
      <FunctionField<AdminReview> source="jobId" label="Job" sortBy="jobId" render={(record) => `#${record.jobId} ${record.jobTitle}`} />
      <TextField<AdminReview> source="hiddenReason" label="Hidden because" sortable={false} emptyText="" />
      <DateField<AdminReview> source="createdAt" label="Written" showTime />
    </Datagrid>
  </List>
);

export default ReviewList;
