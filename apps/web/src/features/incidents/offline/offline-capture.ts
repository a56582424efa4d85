import { createContext, useContext } from 'react';
import type { OfflineIdentity } from '../../../lib/offline/identity';

/**
 * Set around the entry form when it records an incident on the phone (issue 30): its sections keep
 * photos on the phone and leave out what needs the server (the register's search, pictures).
 */
export interface OfflineCapture {
  identity: OfflineIdentity;
  itemId: string;
}

export const OfflineCaptureContext = createContext<OfflineCapture | undefined>(undefined);

/** The offline capture the form is in, if any. */
export const useOfflineCapture = () => useContext(OfflineCaptureContext);
