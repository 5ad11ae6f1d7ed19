import { useEffect, useMemo } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import { Controller, useWatch } from "react-hook-form";
import type { Catalog, Quote, Scope, ScopeDefinition } from "@forgehire/core";
import { useQuote } from "../../api/catalog";
import type { QuoteInput } from "../../api/catalog";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { countWords, formatMoney } from "../../lib/format";
import FormTextField from "../../components/FormTextField";
import { deliveryDateError, localToday, usePostJobFormContext, type JobDraft } from "./use-post-job-form";
import EnhanceWithAi from "./EnhanceWithAi";

/** The quote is asked for once the choices have rested this long. */
const QUOTE_DEBOUNCE_MS = 250;

/** How the delivery date follows the quote until the client picks one. */
export interface DeliveryDateControl {
  /** true once the client picked a date */
  touched: boolean;
  /** the scope whose quote last set the date */
  scope: Scope | null;
  /** the job's stored date when editing, which stands even once it has passed */
  saved: string | null;
  /** the client picked a date */
  onPick: () => void;
  /** the quote of a scope arrived with its delivery date */
  onQuoted: (scope: Scope, date: string | null) => void;
}

interface StepProps {
  catalog: Catalog;
  deliveryDate: DeliveryDateControl;
}

/** Step 1: industry, title, description, scope, extras with the live quote, and the delivery date. */
export default function StepBasicInformation({ catalog, deliveryDate }: StepProps) {
  const { control, setValue } = usePostJobFormContext();
  const draft = useWatch({ control }) as JobDraft;
  // Shown as soon as a past date is picked, before any Next: the same rule the resolver and the server apply.
  const dateError = deliveryDateError(draft.expectedDeliveryDate, deliveryDate.saved);
  const words = countWords(draft.description);

  const quoteInput = useMemo<QuoteInput | null>(
    () => (draft.scope === null ? null : { scope: draft.scope, additionalServices: draft.additionalServices }),
    [draft.scope, draft.additionalServices],
  );
  const debouncedInput = useDebouncedValue(quoteInput, QUOTE_DEBOUNCE_MS);
  const quote = useQuote(debouncedInput);

  // A new scope brings its own delivery date, unless the client has picked one.
  const quoteScope = debouncedInput?.scope ?? null;
  const quotedDate = quote.data && !quote.isPlaceholderData ? quote.data.expectedDeliveryDate : undefined;
  const { touched, scope: dateScope, onQuoted } = deliveryDate;
  useEffect(() => {
    if (quoteScope === null || quotedDate === undefined) return;
    if (touched || dateScope === quoteScope) return;
    onQuoted(quoteScope, quotedDate);
  }, [quoteScope, quotedDate, touched, dateScope, onQuoted]);

  return (
    <Stack spacing={4}>
      <Stack spacing={2.5}>
        <FormTextField control={control} name="industry" select label="Industry" required>
          {catalog.industries.map((industry) => (
            <MenuItem key={industry} value={industry}>
              {industry}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="title" label="Title" required helperText="Suggested: 3-5 words" slotProps={{ htmlInput: { maxLength: 200 } }} />
        <FormTextField
          control={control}
          name="description"
          label="Description"
          required
          multiline
          minRows={4}
          helperText={
            <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
              <span>Suggested: 10-200 words</span>
              <span aria-live="polite">
                {words} {words === 1 ? "word" : "words"}
              </span>
            </Box>
          }
        />
        <EnhanceWithAi
          values={draft}
          onAccept={(proposal) => {
            setValue("description", proposal.description, { shouldDirty: true, shouldValidate: true });
            setValue("keyFeatures", proposal.keyFeatures, { shouldDirty: true });
          }}
        />
      </Stack>

      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          Project Scope &amp; Budget{" "}
          <Box component="span" sx={{ color: "error.main" }} aria-hidden>
            *
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Choose the fixed-price scope that fits your project.
        </Typography>
        <Controller
          control={control}
          name="scope"
          render={({ field, fieldState }) => (
            <>
              <Grid container spacing={2} role="radiogroup" aria-label="Project scope" aria-invalid={fieldState.error ? true : undefined}>
                {catalog.scopes.map((scope) => (
                  <Grid key={scope.budget} size={{ xs: 12, sm: 6, md: 4 }}>
                    <ScopeCard scope={scope} selected={field.value === scope.budget} onSelect={() => field.onChange(scope.budget)} />
                  </Grid>
                ))}
              </Grid>
              {fieldState.error && (
                <FormHelperText error sx={{ mt: 1 }}>
                  {fieldState.error.message}
                </FormHelperText>
              )}
            </>
          )}
        />
      </Box>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h6" component="h3" gutterBottom>
            Additional Services
          </Typography>
          <FormGroup sx={{ gap: 1 }}>
            {catalog.additionalServices.map(({ key, label, includes, pricing }) => {
              // What a chosen extra adds comes from the server's quote line; an unchosen one shows the catalogue's rule.
              const line = draft.additionalServices[key] ? quote.data?.lines.find((item) => item.key === key) : undefined;
              return (
                <Box key={key}>
                  <Controller
                    control={control}
                    name={`additionalServices.${key}`}
                    render={({ field }) => (
                      <FormControlLabel
                        label={label}
                        sx={{ alignItems: "flex-start", mr: 0 }}
                        control={
                          <Checkbox
                            checked={field.value}
                            onChange={(event) => field.onChange(event.target.checked)}
                            slotProps={{ input: { "aria-describedby": `extra-${key}-help` } }}
                            sx={{ mt: -0.75 }}
                          />
                        }
                      />
                    )}
                  />
                  <Typography id={`extra-${key}-help`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.5 }}>
                    {includes}{" "}
                    <Box component="span" sx={{ color: line ? "primary.main" : "text.secondary", fontWeight: line ? 700 : 400 }}>
                      {line ? `Adds ${formatMoney(line.amount)} to your quote.` : pricing}
                    </Box>
                  </Typography>
                  {key === "customTechStack" && draft.additionalServices.customTechStack && (
                    <Box sx={{ pl: 4, mt: 1.5 }}>
                      <FormTextField
                        control={control}
                        name="customTechStack"
                        label="Which tech stack?"
                        fullWidth
                        multiline
                        helperText="The languages, frameworks and services to build on, e.g. Next.js, PostgreSQL, AWS."
                        slotProps={{ htmlInput: { maxLength: 2000 } }}
                      />
                    </Box>
                  )}
                </Box>
              );
            })}
          </FormGroup>
          <Controller
            control={control}
            name="expectedDeliveryDate"
            render={({ field, fieldState }) => (
              <TextField
                type="date"
                label="Expected Delivery Date"
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  deliveryDate.onPick();
                }}
                error={dateError !== null || fieldState.error !== undefined}
                helperText={dateError ?? fieldState.error?.message ?? "Set from the chosen scope; you may pick another date."}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localToday() } }}
                sx={{ mt: 3 }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <QuoteSummary quote={quote.data} scopeChosen={draft.scope !== null} loading={quote.isFetching} failed={quote.isError} catalog={catalog} />
        </Grid>
      </Grid>
    </Stack>
  );
}

interface ScopeCardProps {
  scope: ScopeDefinition;
  selected: boolean;
  onSelect: () => void;
}

function ScopeCard({ scope, selected, onSelect }: ScopeCardProps) {
  return (
    <Card
      sx={{
        height: "100%",
        borderWidth: 2,
        borderColor: selected ? "primary.main" : "divider",
        bgcolor: selected ? "rgba(57, 73, 171, 0.04)" : "background.paper",
        boxShadow: "none",
      }}
    >
      <CardActionArea
        role="radio"
        aria-checked={selected}
        aria-label={`${scope.label}: ${formatMoney(scope.budget)}`}
        onClick={onSelect}
        sx={{ height: "100%", p: 2, alignItems: "flex-start", display: "flex", flexDirection: "column" }}
      >
        <Box sx={{ display: "flex", width: "100%", alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="h5" component="span" color={selected ? "primary" : "text.primary"}>
            {formatMoney(scope.budget)}
          </Typography>
          {selected && <CheckCircle color="primary" aria-hidden />}
        </Box>
        <Typography sx={{ fontWeight: 700, mt: 0.5 }}>{scope.label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {scope.description}
        </Typography>
        {scope.deliveryDays !== null && (
          <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>
            Delivery in about {scope.deliveryDays} days
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

interface QuoteSummaryProps {
  quote: Quote | undefined;
  scopeChosen: boolean;
  loading: boolean;
  failed: boolean;
  catalog: Catalog;
}

/** The server's live quote: the scope's price, one line per extra, and the total. */
function QuoteSummary({ quote, scopeChosen, loading, failed, catalog }: QuoteSummaryProps) {
  const scopeLabel = catalog.scopes.find((scope) => scope.budget === quote?.base)?.label ?? "Scope";
  return (
    <Card component="section" aria-label="Quote" sx={{ boxShadow: "none", bgcolor: "background.default", p: 2.5 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1.5 }}>
        <Typography variant="h6" component="h3">
          Your Quote
        </Typography>
        {loading && <CircularProgress size={18} aria-label="Updating quote" />}
      </Box>
      {!scopeChosen ? (
        <Typography color="text.secondary">Choose a scope to see your quote.</Typography>
      ) : failed && !quote ? (
        <Typography color="error">The quote could not be loaded. Please try again.</Typography>
      ) : !quote ? (
        <Typography color="text.secondary">Calculating...</Typography>
      ) : (
        <Stack spacing={1}>
          <QuoteLine label={scopeLabel} amount={quote.base} />
          {quote.lines.map((line) => (
            <QuoteLine key={line.key} label={line.label} amount={line.amount} />
          ))}
          <Divider />
          <Box sx={{ display: "flex", justifyContent: "space-between", fontWeight: 800, fontSize: "1.15rem" }}>
            <span>Total</span>
            <span data-testid="quote-total">{formatMoney(quote.total)}</span>
          </Box>
        </Stack>
      )}
    </Card>
  );
}

function QuoteLine({ label, amount }: { label: string; amount: number }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{formatMoney(amount)}</Typography>
    </Box>
  );
}
