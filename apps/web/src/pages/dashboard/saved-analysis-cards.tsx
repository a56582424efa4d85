import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useDeleteSavedAnalysis } from '../../features/analysis/api/delete-saved-analysis';
import { useSavedAnalyses } from '../../features/analysis/api/get-saved-analyses';
import { SavedAnalysisCard } from '../../features/analysis/components/saved-analysis-card';
import { SavedAnalysisDialog } from '../../features/analysis/components/saved-analysis-dialog';
import { browserClock, savedAnalysisRequest } from '../../features/analysis/model/analysis-request';

/**
 * The user's saved analyses on the dashboard (spec 2 §2, ANALYZE_VIEW, not on phones): one chart
 * card each, computed when shown; a click opens the larger chart, edit opens it on /analyze.
 */
export default function SavedAnalysisCards() {
  const analyses = useSavedAnalyses(true);
  const navigate = useNavigate();
  const remove = useDeleteSavedAnalysis();
  const [opened, setOpened] = useState<{ item: SavedAnalysis; open: boolean } | undefined>(undefined);
  const [deleting, setDeleting] = useState<SavedAnalysis | undefined>(undefined);
  // One clock for the page's requests, so a card and its dialog share the query.
  const clock = useMemo(() => browserClock(), []);
  const requests = useMemo(
    () => new Map((analyses.data?.items ?? []).map((item) => [item.id, savedAnalysisRequest(item, clock)])),
    [analyses.data, clock],
  );
  const openedRequest = opened && requests.get(opened.item.id);

  return (
    <>
      {analyses.data?.items.map((item) => {
        const request = requests.get(item.id);
        return (
          request && (
            <SavedAnalysisCard
              key={item.id}
              item={item}
              request={request}
              onOpen={() => setOpened({ item, open: true })}
              onEdit={() => navigate('/analyze', { state: { item, itemType: 'dashboard' } })}
              onDelete={() => setDeleting(item)}
            />
          )
        );
      })}
      {opened && openedRequest && (
        <SavedAnalysisDialog
          key={opened.item.id}
          item={opened.item}
          request={openedRequest}
          open={opened.open}
          onClose={() => setOpened((current) => current && { ...current, open: false })}
        />
      )}
      <ConfirmDeleteDialog
        target={deleting}
        title="Delete Analysis"
        noun="analysis"
        busy={remove.isPending}
        remove={remove.mutate}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
