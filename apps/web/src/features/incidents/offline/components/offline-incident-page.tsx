import { INCIDENT_STATUS } from '@blotter/shared/constants';
import type { InitData } from '@blotter/shared/schemas/commons';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../../../components/page-container';
import { PageLoader } from '../../../../components/page-loader';
import { useSession } from '../../../../lib/auth/session-context';
import { cachedInitData, type OfflineIdentity } from '../../../../lib/offline/identity';
import { useOnline } from '../../../../lib/offline/online';
import { useOfflineIdentity } from '../../../../lib/offline/use-offline-identity';
import { queryKeys } from '../../../../lib/query-keys';
import { formValuesOf } from '../../utils/form-values';
import { getOutboxItem, isEditable, newOutboxItem, type OutboxItem } from '../outbox';
import { OfflineIncidentForm } from './offline-incident-form';

type Opened =
  | { step: 'ready'; item: OutboxItem; initData: InitData; identity: OfflineIdentity }
  /** The phone has no offline identity or lookups for this user (never signed in here online). */
  | { step: 'unprepared' }
  | { step: 'missing' };

/**
 * '/newincident' without the server (issue 30), and '/newincident?offline=<id>' for an item of the
 * outbox: the lookups come from the phone's copy, the incident goes to the outbox.
 */
export default function OfflineIncidentPage() {
  const identity = useOfflineIdentity();
  const { offline: offlineStart } = useSession();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [opened, setOpened] = useState<Opened | undefined>(undefined);
  /** The item on screen: the form's first write puts its id in the address, which is no change. */
  const onScreen = useRef<string | undefined>(undefined);
  // '?offline=new': a new incident (the online page's way here when the server cannot be reached).
  const named = params.get('offline');
  const itemId = named && named !== 'new' ? named : null;

  useEffect(() => {
    if (identity === undefined) return;
    if (onScreen.current !== undefined && itemId === onScreen.current) return;
    let live = true;
    if (identity === null) {
      setOpened({ step: 'unprepared' });
      return;
    }
    void (async () => {
      const initData =
        queryClient.getQueryData<InitData>(queryKeys.commons.initData) ?? (await cachedInitData(identity));
      if (!initData) {
        setOpened({ step: 'unprepared' });
        return;
      }
      // The form's fields read the lookups through the usual query.
      if (!queryClient.getQueryData(queryKeys.commons.initData)) {
        queryClient.setQueryData(queryKeys.commons.initData, initData);
      }
      const found = itemId ? await getOutboxItem(identity, itemId) : undefined;
      // An item being sent, or sent, is not changed here (see isEditable).
      if (itemId && (!found || !isEditable(found))) {
        setOpened({ step: 'missing' });
        return;
      }
      const item = found ?? newOutboxItem(identity, formValuesOf({ status: INCIDENT_STATUS.DRAFT, data: {} }));
      if (!live) return;
      onScreen.current = item.id;
      setOpened({ step: 'ready', item, initData, identity });
    })().catch(() => setOpened({ step: 'unprepared' }));
    return () => {
      live = false;
    };
  }, [identity, itemId, queryClient]);

  if (!opened) return <PageLoader />;
  if (opened.step !== 'ready') {
    return (
      <PageContainer title="New Incident" maxWidth="md">
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/outbox" color="inherit">
              Outbox
            </Button>
          }
        >
          {opened.step === 'missing'
            ? 'This incident cannot be changed on this phone any more: it is being sent, was sent, or was deleted.'
            : 'This phone has not kept what the form needs yet. Open Blotter once with a network while signed in, then you can record incidents without one.'}
        </Alert>
      </PageContainer>
    );
  }
  return (
    <PageContainer title="New Incident" maxWidth="lg">
      <OfflineIncidentForm
        key={opened.item.id}
        identity={opened.identity}
        item={opened.item}
        initData={opened.initData}
        sendsLater={offlineStart || !online}
      />
    </PageContainer>
  );
}
