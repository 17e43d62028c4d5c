import { AdvancedMarker, useMap } from '@vis.gl/react-google-maps';
import { useEffect } from 'react';
import { PIPELINE_STAGE_LABELS } from '../../../../shared/pipeline';
import type { PipelineDeal } from '../../../../shared/schemas/pipeline';
import { StageBadge } from '../../pipeline';

/**
 * The pipeline layer's markers: each placed deal as its stage badge (a child of the map). A deal whose
 * listing is still listed opens its popup; one that left Dealmap only shows where it was.
 */
export function PipelineMarkers({ deals, onSelect }: { deals: readonly PipelineDeal[]; onSelect: (propertyId: string) => void }) {
  const map = useMap();
  const placed = deals.filter((deal) => deal.latitude !== null && deal.longitude !== null);
  useEffect(() => {
    const div = map?.getDiv?.();
    if (div) div.dataset.pipelineMarkers = String(placed.length);
  }, [map, placed.length]);
  return (
    <>
      {placed.map((deal) => {
        const propertyId = deal.propertyId;
        const status = deal.listingStatus === 'Active' ? '' : `, ${deal.listingStatus}`;
        return (
          <AdvancedMarker
            key={deal._id}
            position={{ lat: deal.latitude as number, lng: deal.longitude as number }}
            title={`${deal.address}: ${PIPELINE_STAGE_LABELS[deal.stage]}${status}`}
            clickable={propertyId !== null}
            onClick={propertyId === null ? undefined : () => onSelect(propertyId)}
          >
            <StageBadge stage={deal.stage} />
          </AdvancedMarker>
        );
      })}
    </>
  );
}
