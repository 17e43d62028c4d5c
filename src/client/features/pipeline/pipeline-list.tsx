import { Button, Popconfirm, Select, Table, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatCurrency } from '../../../shared/format';
import type { PipelineStageKey } from '../../../shared/pipeline';
import type { PipelineDeal } from '../../../shared/schemas/pipeline';
import { errorMessage } from '../../api/base-query';
import { downloadText } from '../../components/download-text';
import { DealAddress, ListingStatusTag, type MoveDeal } from './pipeline-board';
import { useExportPipelineMutation, useRemovePipelineDealMutation } from './pipeline-api';
import { PIPELINE_STAGE_OPTIONS, PIPELINE_TEXT } from './pipeline-text';

/** Ascending by a figure, the deals without one first. */
const byNumber = (pick: (d: PipelineDeal) => number | null) => (a: PipelineDeal, b: PipelineDeal) => {
  const [x, y] = [pick(a), pick(b)];
  if (x === null || y === null) return (x === null ? 0 : 1) - (y === null ? 0 : 1);
  return x - y;
};

/** The pipeline as a table: sorted and filtered by its columns, its rows (the stages shown) as a CSV file. */
export function PipelineList({ deals, onMove }: { deals: PipelineDeal[]; onMove: MoveDeal }) {
  const [stages, setStages] = useState<PipelineStageKey[] | null>(null);
  const [exportCsv, exporting] = useExportPipelineMutation();
  const [remove] = useRemovePipelineDealMutation();

  const download = async () => {
    try {
      const text = await exportCsv({ stages: stages?.length ? stages.join(',') : undefined }).unwrap();
      downloadText(text, `pipeline-${dayjs().format('YYYY-MM-DD')}.csv`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const removeDeal = async (deal: PipelineDeal) => {
    try {
      await remove({ id: deal._id, propertyId: deal.propertyId }).unwrap();
      toast.success(PIPELINE_TEXT.removed);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: TableProps<PipelineDeal>['columns'] = [
    {
      title: 'Address',
      key: 'address',
      sorter: (a, b) => a.address.localeCompare(b.address),
      render: (_value, deal) => (
        <>
          <DealAddress deal={deal} /> <ListingStatusTag deal={deal} />
        </>
      ),
    },
    {
      title: 'Stage',
      key: 'stage',
      filters: PIPELINE_STAGE_OPTIONS.map((o) => ({ text: o.label, value: o.value })),
      filteredValue: stages,
      onFilter: (value, deal) => deal.stage === value,
      render: (_value, deal) => (
        <Select<PipelineStageKey>
          size="small"
          aria-label={`${PIPELINE_TEXT.stageLabel}: ${deal.address}`}
          options={PIPELINE_STAGE_OPTIONS}
          value={deal.stage}
          onChange={(stage) => onMove(deal, stage)}
          className="dm-pipeline-stage-select"
        />
      ),
    },
    {
      title: 'In stage since',
      key: 'since',
      defaultSortOrder: 'descend',
      sorter: (a, b) => Date.parse(a.stageSince) - Date.parse(b.stageSince),
      render: (_value, deal) => dayjs(deal.stageSince).format('MMM D, YYYY'),
    },
    { title: 'List price', key: 'list', sorter: byNumber((d) => d.listPrice), render: (_v, d) => formatCurrency(d.listPrice) },
    {
      title: 'Offer',
      key: 'offer',
      sorter: byNumber((d) => d.offerPrice),
      render: (_v, d) => (d.offerPrice === null ? '–' : formatCurrency(d.offerPrice)),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, deal) => (
        <Popconfirm title={`${PIPELINE_TEXT.remove}?`} okText="Remove" onConfirm={() => void removeDeal(deal)}>
          <Button size="small" danger aria-label={`${PIPELINE_TEXT.remove}: ${deal.address}`}>
            Remove
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div data-testid="pipeline-list">
      <div className="dm-pipeline-list-actions">
        <Button onClick={() => void download()} loading={exporting.isLoading}>
          {PIPELINE_TEXT.download}
        </Button>
      </div>
      <Table<PipelineDeal>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={deals}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        onChange={(_pagination, filters) => setStages((filters.stage as PipelineStageKey[] | null) ?? null)}
      />
    </div>
  );
}
