import { formatCalendarDate } from '@blotter/shared/presentation';
import type { Ban } from '@blotter/shared/schemas/subjects';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import EditIcon from '@mui/icons-material/Edit';
import PrintIcon from '@mui/icons-material/Print';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagePagination } from '../../../components/page-pagination';
import { PdfDialog } from '../../../components/pdf-dialog';
import { toastError, toastSuccess } from '../../../lib/toast';
import { printBanNotice, useRevokeBan, useSubjectBans, useUploadNotice } from '../api/subjects-api';
import { BAN_STATUS_COLORS, BAN_STATUS_LABELS, BAN_TYPE_LABELS } from '../model/subject-labels';

interface BansCardProps {
  kind: string;
  id: string;
  dateFormat: number;
  /** A location's name by id (from the location tree); none listed means every location. */
  locationName: (id: string) => string;
  /** SUBJECT_EDIT: Add ban, Edit, Revoke and Upload signed notice. */
  editable: boolean;
  onAdd: () => void;
  /** Edit: an active or upcoming ban (revoked and expired ones stay as they were). */
  onEdit: (ban: Ban) => void;
}

/** A ban's terms can change while it is in force or yet to start. */
const isCurrent = (ban: Ban) => ban.status === 'active' || ban.status === 'upcoming';

/** The printed notice of a ban or trespass notice; a watch is for staff only and has none. */
const noticeTitle = (ban: Ban) => (ban.banType === 'ban' ? 'Ban notice' : 'Trespass notice');

function periodText(ban: Ban, dateFormat: number) {
  const start = formatCalendarDate(ban.startDate, dateFormat);
  return ban.endDate ? `${start} – ${formatCalendarDate(ban.endDate, dateFormat)}` : `${start} – indefinite`;
}

/** 'Bans and notices': every ban, trespass notice and watch of the subject, paged, newest start first. */
export function BansCard({ kind, id, dateFormat, locationName, editable, onAdd, onEdit }: BansCardProps) {
  const [page, setPage] = useState(0);
  const bans = useSubjectBans(kind, id, page);
  const revoke = useRevokeBan();
  const upload = useUploadNotice();
  const [revoking, setRevoking] = useState<Ban | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadFor, setUploadFor] = useState<Ban | null>(null);
  const [printing, setPrinting] = useState<Ban | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toastSuccess(`The ${BAN_TYPE_LABELS[revoking.banType].toLowerCase()} has been revoked.`);
        setRevoking(null);
      },
      onError: (error) => toastError(error.message),
    });
  };
  const chooseNotice = (ban: Ban) => {
    setUploadFor(ban);
    fileInput.current?.click();
  };
  const sendNotice = (file: File | undefined) => {
    if (!file || !uploadFor) return;
    upload.mutate(
      { banId: uploadFor.id, file },
      {
        onSuccess: () => toastSuccess('The signed notice has been attached.'),
        onError: (error) => toastError(error.message),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Bans and notices"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          editable ? (
            <Button startIcon={<AddIcon />} variant="contained" size="small" onClick={onAdd}>
              Add ban
            </Button>
          ) : undefined
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {bans.isError && <Alert severity="error">{bans.error.message}</Alert>}
        {bans.data?.items.length === 0 && (
          <Typography color="text.secondary">No ban, trespass notice or watch recorded.</Typography>
        )}
        {bans.data && bans.data.items.length > 0 && (
          <>
            <List aria-label="Bans" disablePadding>
              {bans.data.items.map((ban) => (
                <ListItem
                  key={ban.id}
                  divider
                  disableGutters
                  sx={{ display: 'block' }}
                  aria-label={`${BAN_TYPE_LABELS[ban.banType]} from ${ban.startDate}`}
                >
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 500 }}>{BAN_TYPE_LABELS[ban.banType]}</Typography>
                    <Chip size="small" color={BAN_STATUS_COLORS[ban.status]} label={BAN_STATUS_LABELS[ban.status]} />
                    <Typography color="text.secondary">{periodText(ban, dateFormat)}</Typography>
                  </Box>
                  <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {ban.reason}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {ban.locationIds.length > 0
                      ? `Locations: ${ban.locationIds.map(locationName).join(', ')}`
                      : 'Every location'}
                    {` · Issued by ${ban.issuedByName}`}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
                    {ban.notice && (
                      <Link
                        href={ban.notice.url}
                        target="_blank"
                        rel="noopener"
                        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                      >
                        <AttachFileIcon fontSize="small" />
                        {ban.notice.name}
                      </Link>
                    )}
                    {ban.banType !== 'watch' && (
                      <Button size="small" startIcon={<PrintIcon />} onClick={() => setPrinting(ban)}>
                        Print notice
                      </Button>
                    )}
                    {editable && isCurrent(ban) && (
                      <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(ban)}>
                        Edit
                      </Button>
                    )}
                    {editable && ban.status !== 'revoked' && (
                      <Button
                        size="small"
                        startIcon={<UploadFileIcon />}
                        onClick={() => chooseNotice(ban)}
                        disabled={upload.isPending}
                      >
                        {ban.notice ? 'Replace signed notice' : 'Upload signed notice'}
                      </Button>
                    )}
                    {editable && isCurrent(ban) && (
                      <Button size="small" color="error" onClick={() => setRevoking(ban)}>
                        Revoke
                      </Button>
                    )}
                  </Box>
                </ListItem>
              ))}
            </List>
            <PagePagination page={bans.data} onPageChange={setPage} />
          </>
        )}
        <input
          ref={fileInput}
          type="file"
          hidden
          accept="application/pdf,image/*"
          aria-label="Signed notice file"
          onChange={(event) => {
            sendNotice(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke"
        message={
          revoking
            ? `Revoke this ${BAN_TYPE_LABELS[revoking.banType].toLowerCase()}? It ends now and stays in the history as revoked.`
            : ''
        }
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
      <PdfDialog
        open={printing !== null}
        title={printing ? `Print ${noticeTitle(printing).toLowerCase()}` : ''}
        fileName={printing ? `${printing.banType}-notice-${printing.startDate}.pdf` : ''}
        load={() => printBanNotice(printing?.id ?? '')}
        loadKey={printing?.id ?? ''}
        failure="The notice could not be printed"
        onClose={() => setPrinting(null)}
      />
    </Card>
  );
}
