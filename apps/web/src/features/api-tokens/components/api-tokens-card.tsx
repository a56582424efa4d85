import { DATE_FORMAT } from '@blotter/shared/constants';
import { formatDate, formatDateTime } from '@blotter/shared/presentation';
import { type ApiToken, type ApiTokenStatus, apiTokenInputOf } from '@blotter/shared/schemas/api-tokens';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { PagePagination } from '../../../components/page-pagination';
import { useInitData } from '../../../lib/api/get-init-data';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/session-context';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { ApiTokenDialog } from './api-token-dialog';
import { ApiTokenSecretDialog } from './api-token-secret-dialog';

const HEADERS = ['Name', 'Token', 'Privileges', 'Created by', 'Created', 'Expires', 'Last used', 'Status', ''];

const STATUS: Record<ApiTokenStatus, { label: string; color: 'success' | 'default' | 'error' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  revoked: { label: 'Revoked', color: 'error' },
};

/**
 * The API access card of /administration (issue 32 §2, ACCOUNT_ADMIN): the company's API tokens,
 * paged on the server, with Create (the secret shown once) and Revoke (confirmed; effective on the
 * token's next call).
 */
export default function ApiTokensCard() {
  const dateFormat = useInitData().data?.companySettings.dateFormat ?? DATE_FORMAT.DMY;
  return <ApiTokensPanel dateFormat={dateFormat} />;
}

/** The card's content in the company's date format. */
export function ApiTokensPanel({ dateFormat }: { dateFormat: number }) {
  const [page, setPage] = useState(0);
  const tokens = useApiTokens(page);
  const { claims } = useSession();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | undefined>();
  const [revoking, setRevoking] = useState<ApiToken | undefined>();

  if (tokens.isPending) return <PageLoader />;
  if (tokens.isError) return <Alert severity="error">The API tokens could not be loaded.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Other systems call the Blotter API with a token. A token acts as you, with only the privileges you give it, and
        what it changes is audited under its name. See the{' '}
        <a href="/api/docs#api-tokens" target="_blank" rel="noopener">
          API docs
        </a>
        .
      </Typography>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create token
        </Button>
      </Box>
      <TableContainer>
        <Table size="small" aria-label="API tokens">
          <TableHead>
            <TableRow>
              {HEADERS.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the last header is empty
                <TableCell key={index}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {tokens.data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={HEADERS.length}>No API tokens yet.</TableCell>
              </TableRow>
            )}
            {tokens.data.items.map((token) => (
              <TableRow key={token.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{token.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{token.hint}…</TableCell>
                <TableCell>
                  <Tooltip title={token.privileges.join(', ')}>
                    <span>{token.privileges.length}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>{token.createdByName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(token.createdAt, dateFormat)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {token.expiresAt ? formatDate(new Date(Date.parse(token.expiresAt) - 1), dateFormat) : 'Never'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt, dateFormat) : 'Never'}
                </TableCell>
                <TableCell>
                  <Chip size="small" label={STATUS[token.status].label} color={STATUS[token.status].color} />
                </TableCell>
                <TableCell padding="checkbox">
                  {token.status === 'active' && (
                    <IconButton aria-label={`Revoke ${token.name}`} onClick={() => setRevoking(token)}>
                      <BlockIcon />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination page={tokens.data} onPageChange={setPage} />
      {creating && (
        <ApiTokenDialog
          viewer={claims ?? null}
          dateFormat={dateFormat}
          busy={create.isPending}
          onCancel={() => setCreating(false)}
          onCreate={(values) =>
            create.mutate(apiTokenInputOf(values), {
              onSuccess: (answer) => {
                setCreating(false);
                setPage(0);
                setCreated({ name: answer.token.name, secret: answer.secret });
              },
              onError: (error) => toastError(errorMessage(error)),
            })
          }
        />
      )}
      {created && <ApiTokenSecretDialog {...created} onClose={() => setCreated(undefined)} />}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke API token"
        message={`Revoke ${revoking?.name ?? ''}? Systems using it are refused from their next call. This cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toastSuccess(`${revoking.name} has been revoked.`);
              setRevoking(undefined);
            },
            onError: (error) => toastError(errorMessage(error)),
          });
        }}
      />
    </Stack>
  );
}
