import { countryNames, formatCalendarDate, lookupPathText } from '@blotter/shared/presentation';
import { hasPrivilege } from '@blotter/shared/privileges';
import type { Ban } from '@blotter/shared/schemas/subjects';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MergeIcon from '@mui/icons-material/CallMerge';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../components/page-container';
import { isMergeable, useMergeSubjects } from '../features/subjects/api/merges-api';
import { useCreateBan, useSubjectDetail, useUpdateBan } from '../features/subjects/api/subjects-api';
import { BanDialog } from '../features/subjects/components/ban-dialog';
import { BansCard } from '../features/subjects/components/bans-card';
import { IdentityCard } from '../features/subjects/components/identity-card';
import { MergeDialog } from '../features/subjects/components/merge-dialog';
import { MergeNotices } from '../features/subjects/components/merge-notices';
import { TimelineCard } from '../features/subjects/components/timeline-card';
import { banBodyOf, companyToday, locationOptions, withBanLocations } from '../features/subjects/model/ban-form';
import { BAN_TYPE_LABELS } from '../features/subjects/model/subject-labels';
import { useInitData } from '../lib/api/get-init-data';
import { ApiError } from '../lib/api-error';
import { useSession } from '../lib/auth/session-context';
import { toastSuccess } from '../lib/toast';
import ErrorPage from './error-page';

/** The server's refusal of a ban's terms (a 400's message), or what else went wrong. */
const saveError = (error: Error | null) =>
  error instanceof ApiError && error.status === 400 ? error.message : error?.message;

/**
 * '/subjects/:kind/:id' (issue 31): a subject's identity, its bans and notices (added, changed,
 * revoked and given their signed notice with SUBJECT_EDIT; printed) and the timeline of its incidents.
 */
export default function SubjectPage() {
  const { kind = '', id = '' } = useParams();
  const { claims } = useSession();
  const initData = useInitData();
  const subject = useSubjectDetail(kind, id);
  const createBan = useCreateBan(kind, id);
  const updateBan = useUpdateBan();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Ban | null>(null);
  const editable = hasPrivilege(claims, 'SUBJECT_EDIT');
  const navigate = useNavigate();
  const merge = useMergeSubjects(kind);
  const [merging, setMerging] = useState(false);

  const locations = initData.data?.multipleLookups.location ?? [];
  const options = useMemo(() => locationOptions(locations), [locations]);
  const editOptions = useMemo(
    () => withBanLocations(options, editing?.locationIds ?? [], (locationId) => lookupPathText(locations, locationId)),
    [options, editing, locations],
  );
  const countryNameOf = useMemo(() => countryNames(initData.data?.countries ?? []), [initData.data]);
  const dateFormat = initData.data?.companySettings.dateFormat ?? 0;

  if (subject.error instanceof ApiError && subject.error.status === 404) return <ErrorPage type="pageNotExist" />;

  const back = (
    <Button component={RouterLink} to="/subjects" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Subjects
    </Button>
  );
  const mergeable = editable && isMergeable(kind);
  if (!subject.data) {
    return (
      <PageContainer title="Subject">
        {back}
        {subject.isError ? (
          <Alert severity="error">{subject.error.message}</Alert>
        ) : (
          <LinearProgress aria-label="Loading subject" />
        )}
      </PageContainer>
    );
  }
  const data = subject.data;

  return (
    <PageContainer title={data.displayName}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
      >
        {back}
        {mergeable && (
          <Button
            variant="outlined"
            startIcon={<MergeIcon />}
            onClick={() => {
              merge.reset();
              setMerging(true);
            }}
          >
            Merge duplicates
          </Button>
        )}
      </Stack>
      <MergeNotices kind={kind} id={id} subjectName={data.displayName} dateFormat={dateFormat} editable={editable} />
      <Stack spacing={2}>
        <IdentityCard
          subject={data}
          dateFormat={dateFormat}
          countryNameOf={countryNameOf}
          formatDay={(day) => formatCalendarDate(day, dateFormat)}
        />
        <BansCard
          kind={kind}
          id={id}
          dateFormat={dateFormat}
          locationName={(locationId) => lookupPathText(locations, locationId)}
          editable={editable}
          onAdd={() => {
            createBan.reset();
            setAdding(true);
          }}
          onEdit={(ban) => {
            updateBan.reset();
            setEditing(ban);
          }}
        />
        <TimelineCard
          kind={kind}
          id={id}
          dateFormat={dateFormat}
          classes={initData.data?.multipleLookups.incidentClass ?? []}
          locations={locations}
          involvements={initData.data?.singleLookups.vehicleInvolvement ?? []}
        />
      </Stack>
      {mergeable && (
        <MergeDialog
          open={merging}
          subject={{ kind, id, displayName: data.displayName, incidentCount: data.incidentCount }}
          dateFormat={dateFormat}
          busy={merge.isPending}
          error={merge.error?.message}
          onCancel={() => setMerging(false)}
          onMerge={(choice) =>
            merge.mutate(choice, {
              onSuccess: () => {
                toastSuccess('The two records have been merged.');
                setMerging(false);
                if (choice.keptId !== id) navigate(`/subjects/${kind}/${choice.keptId}`, { replace: true });
              },
            })
          }
        />
      )}
      {editable && (
        <BanDialog
          open={adding}
          subjectName={data.displayName}
          locations={options}
          today={companyToday(initData.data?.companySettings.timeZone)}
          dateFormat={dateFormat}
          busy={createBan.isPending}
          error={saveError(createBan.error)}
          onCancel={() => setAdding(false)}
          onSave={(form) =>
            createBan.mutate(banBodyOf(form), {
              onSuccess: () => {
                toastSuccess('The ban has been recorded.');
                setAdding(false);
              },
            })
          }
        />
      )}
      {editable && (
        <BanDialog
          open={editing !== null}
          subjectName={data.displayName}
          ban={editing}
          locations={editOptions}
          today={companyToday(initData.data?.companySettings.timeZone)}
          dateFormat={dateFormat}
          busy={updateBan.isPending}
          error={saveError(updateBan.error)}
          onCancel={() => setEditing(null)}
          onSave={(form) => {
            if (!editing) return;
            updateBan.mutate(
              { banId: editing.id, body: banBodyOf(form) },
              {
                onSuccess: (saved) => {
                  toastSuccess(`The ${BAN_TYPE_LABELS[saved.banType].toLowerCase()} has been updated.`);
                  setEditing(null);
                },
              },
            );
          }}
        />
      )}
    </PageContainer>
  );
}
