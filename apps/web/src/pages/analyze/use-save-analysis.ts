import { ANALYSIS_MESSAGES, type SavedAnalysisCreate } from '@blotter/shared/schemas/analysis';
import { useCreateAnalysisReport } from '../../features/analysis/api/create-analysis-report';
import { useCreateSavedAnalysis } from '../../features/analysis/api/create-saved-analysis';
import { useUpdateAnalysisReport } from '../../features/analysis/api/update-analysis-report';
import { useUpdateSavedAnalysis } from '../../features/analysis/api/update-saved-analysis';
import type { SavedAnalysisItem, SavedAnalysisItemType } from '../../features/analysis/model/saved-analysis-item';
import { toastSuccess } from '../../lib/toast';

/** One of the four saves: dashboard or report, a new one or the loaded one changed. */
export interface AnalysisSaveRequest {
  target: SavedAnalysisItemType;
  action: 'create' | 'update';
}

/** The saves of the analysis page with the success texts of spec 2 §8. */
export function useSaveAnalysis(onSaved: (saved: SavedAnalysisItem | undefined) => void) {
  const createDashboard = useCreateSavedAnalysis();
  const createReport = useCreateAnalysisReport();
  const updateDashboard = useUpdateSavedAnalysis();
  const updateReport = useUpdateAnalysisReport();
  const busy = [createDashboard, createReport, updateDashboard, updateReport].some((m) => m.isPending);

  const save = (
    { target, action }: AnalysisSaveRequest,
    body: SavedAnalysisCreate,
    loaded: SavedAnalysisItem | undefined,
  ) => {
    if (action === 'update' && loaded) {
      const update = loaded.itemType === 'report' ? updateReport : updateDashboard;
      update.mutate(
        { ...body, id: loaded.item.id },
        {
          onSuccess: (item) => {
            toastSuccess(ANALYSIS_MESSAGES.updated(item.name));
            onSaved({ item, itemType: loaded.itemType });
          },
        },
      );
      return;
    }
    const create = target === 'report' ? createReport : createDashboard;
    create.mutate(body, {
      onSuccess: () => {
        toastSuccess(target === 'report' ? ANALYSIS_MESSAGES.savedToReport : ANALYSIS_MESSAGES.savedToDashboard);
        onSaved(undefined);
      },
    });
  };
  return { save, busy };
}
