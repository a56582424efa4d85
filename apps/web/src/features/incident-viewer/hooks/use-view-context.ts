import { useMemo } from 'react';
import { useInitData } from '../../../lib/api/get-init-data';
import type { ViewContext } from '../model/view-sections';

/** The names and formats the read-only sections need, from the initial data (undefined while it loads). */
export function useViewContext(): { context: ViewContext | undefined; failed: boolean } {
  const initData = useInitData();
  const data = initData.data;
  const context = useMemo<ViewContext | undefined>(
    () =>
      data && {
        dateFormat: data.companySettings.dateFormat,
        measurementType: data.companySettings.measurementType,
        multipleLookups: data.multipleLookups,
        singleLookups: data.singleLookups,
        countries: data.countries,
      },
    [data],
  );
  return { context, failed: initData.isError };
}
