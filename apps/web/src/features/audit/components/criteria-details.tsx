import { lookupPathText } from '@blotter/shared/presentation';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { SEARCH_KINDS } from '@blotter/shared/schemas/search';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditDescribers } from './audit-describers';

type Data = Record<string, unknown>;
const record = (value: unknown): Data => (value && typeof value === 'object' ? (value as Data) : {});

/** A stored criterion worded by its page, or its raw text if it no longer fits that page's model. */
function safely(describe: () => string, raw: unknown): string {
  try {
    return describe();
  } catch {
    return JSON.stringify(raw);
  }
}

/** A search audit: its title and each kind of criterion with its values (spec 3 §3 Search audit). */
export function SearchCriteriaDetail({ data, describers }: { data: unknown; describers: AuditDescribers }) {
  const criteria = record(record(data).criteria);
  const kinds = SEARCH_KINDS.filter((kind) => Array.isArray(record(criteria[kind]).values));
  if (kinds.length === 0) return <Typography>No criteria were recorded.</Typography>;
  return (
    <Table size="small" aria-label="Search criteria">
      <TableHead>
        <TableRow>
          <TableCell>Criteria</TableCell>
          <TableCell>Values</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {kinds.map((kind) => {
          const group = record(criteria[kind]);
          const values = group.values as unknown[];
          const operation = group.logicalOperation === 'AND' ? ' AND ' : ' OR ';
          return (
            <TableRow key={kind}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{describers.searchKindLabel(kind)}</TableCell>
              <TableCell>
                {values.map((value) => safely(() => describers.searchCriterion(kind, value), value)).join(operation)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

interface AnalyzeDetailProps {
  data: unknown;
  describers: AuditDescribers;
  incidentClasses: readonly LookupNode[];
  locations: readonly LookupNode[];
}

const lookupNames = (tree: readonly LookupNode[], criteria: unknown) => {
  const values = record(criteria).values;
  return Array.isArray(values) ? values.map((id) => lookupPathText(tree, String(id))).join(', ') : '';
};

/** An analysis audit: per period its frequency, class and location criteria and chart type. */
export function AnalyzeDetail({ data, describers, incidentClasses, locations }: AnalyzeDetailProps) {
  const items = record(data).criteria;
  if (!Array.isArray(items) || items.length === 0) return <Typography>No criteria were recorded.</Typography>;
  return (
    <Table size="small" aria-label="Analysis criteria">
      <TableHead>
        <TableRow>
          {['Period', 'Frequency', 'Classes', 'Locations', 'Chart type'].map((header) => (
            <TableCell key={header}>{header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((raw, index) => {
          const item = record(raw);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: stored periods have no key of their own, and never reorder
            <TableRow key={index}>
              <TableCell>
                {safely(
                  () => String(item.periodName ?? '').trim() || describers.analysisPeriod(item.period),
                  item.period,
                )}
              </TableCell>
              <TableCell>{describers.analysisFrequency(String(item.frequency ?? ''))}</TableCell>
              <TableCell>{lookupNames(incidentClasses, item.classCriteria) || 'All'}</TableCell>
              <TableCell>{lookupNames(locations, item.locationCriteria) || 'All'}</TableCell>
              <TableCell>{describers.analysisChartType(String(item.chartType ?? ''))}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
