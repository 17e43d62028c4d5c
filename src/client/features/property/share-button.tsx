import { Button, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { GrowthAssumptions, WhatIf } from '../../../shared/invest';
import type { StrategyKey } from '../../../shared/investor-types';
import type { OfferTargets } from '../../../shared/schemas/profile';
import type { SharedReportLink } from '../../../shared/schemas/shared-reports';
import { SHARE_EXPIRY_CHOICES } from '../../../shared/shared-reports';
import { errorMessage } from '../../api/base-query';
import { useRevokeSharedReportMutation, useShareReportMutation, useSharedReportLinksQuery } from './shared-report-api';

export const SHARE_TEXT = {
  button: 'Share',
  title: 'Share this analysis',
  lead: 'Anyone with the link sees this analysis as it is now — figures, assumptions, comps, rent and value estimates — without signing in. Nothing else of yours is shown but your name.',
  expiryLabel: 'Link expires after',
  create: 'Create link',
  created: 'Link created: copy it and send it',
  copy: 'Copy',
  copied: 'Link copied',
  linkLabel: 'Shared link',
  links: 'Links to this property',
  none: 'No links yet.',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this link? Whoever has it will see that it was revoked.',
  revoked: 'Link revoked',
  status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const,
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  views: (n: number) => (n === 1 ? '1 view' : `${n} views`),
} as const;

const STATUS_COLOR = { active: 'success', expired: 'default', revoked: 'error' } as const;

/** The link's full address in this browser (the server answers its path). */
export const linkUrl = (link: Pick<SharedReportLink, 'path'>): string => `${window.location.origin}${link.path}`;

interface ShareButtonProps {
  propertyId: string;
  strategy: StrategyKey;
  whatIf: WhatIf;
  growth: GrowthAssumptions;
  holdYears: number;
  offerTargets: OfferTargets;
  /** Why the inputs cannot be shared (the server would refuse them); empty when they can. */
  problems: string[];
}

/** "Share": makes a read-only link of the analysis on screen, and lists this property's links with their views. */
export function ShareButton({ propertyId, strategy, whatIf, growth, holdYears, offerTargets, problems }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(7);
  const [latest, setLatest] = useState<SharedReportLink | null>(null);
  // Each opening asks again: the views move while the dialog is closed.
  const links = useSharedReportLinksQuery(propertyId, { skip: !open, refetchOnMountOrArgChange: true });
  const [share, sharing] = useShareReportMutation();
  const [revoke] = useRevokeSharedReportMutation();

  const create = async () => {
    try {
      const link = await share({ propertyId, strategy, whatIf, growth, holdYears, offerTargets, expiresInDays: days }).unwrap();
      setLatest(link);
      toast.success(SHARE_TEXT.created);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const copy = async (link: SharedReportLink) => {
    try {
      await navigator.clipboard.writeText(linkUrl(link));
      toast.success(SHARE_TEXT.copied);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const revokeLink = async (link: SharedReportLink) => {
    try {
      await revoke({ id: link._id, propertyId }).unwrap();
      if (latest?._id === link._id) setLatest(null);
      toast.success(SHARE_TEXT.revoked);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={problems.length > 0} title={problems[0]}>
        {SHARE_TEXT.button}
      </Button>
      <Modal title={SHARE_TEXT.title} open={open} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        <Typography.Paragraph type="secondary">{SHARE_TEXT.lead}</Typography.Paragraph>
        <Space wrap>
          <label htmlFor="dm-share-expiry">{SHARE_TEXT.expiryLabel}</label>
          <Select<number>
            id="dm-share-expiry"
            aria-label={SHARE_TEXT.expiryLabel}
            value={days}
            onChange={setDays}
            options={SHARE_EXPIRY_CHOICES.map((n) => ({ value: n, label: SHARE_TEXT.days(n) }))}
            style={{ minWidth: 120 }}
          />
          <Button type="primary" onClick={() => void create()} loading={sharing.isLoading}>
            {SHARE_TEXT.create}
          </Button>
        </Space>
        {latest ? (
          <Space.Compact className="dm-share-latest" style={{ width: '100%', marginTop: 12 }}>
            <Input readOnly value={linkUrl(latest)} aria-label={SHARE_TEXT.linkLabel} data-testid="share-link" />
            <Button onClick={() => void copy(latest)}>{SHARE_TEXT.copy}</Button>
          </Space.Compact>
        ) : null}
        <Typography.Title level={3} className="dm-share-links-title">
          {SHARE_TEXT.links}
        </Typography.Title>
        <Table<SharedReportLink>
          size="small"
          rowKey="_id"
          loading={links.isFetching}
          dataSource={links.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: SHARE_TEXT.none }}
          data-testid="share-links"
          columns={[
            { title: 'Created', dataIndex: 'createdAt', render: (at: string) => dayjs(at).format('MMM D, YYYY') },
            { title: 'Expires', dataIndex: 'expiresAt', render: (at: string) => dayjs(at).format('MMM D, YYYY') },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: SharedReportLink['status']) => <Tag color={STATUS_COLOR[status]}>{SHARE_TEXT.status[status]}</Tag>,
            },
            { title: 'Views', dataIndex: 'views', render: (n: number) => SHARE_TEXT.views(n) },
            {
              title: 'Actions',
              key: 'actions',
              render: (_value, link) => (
                <Space>
                  <Button size="small" onClick={() => void copy(link)} disabled={link.status !== 'active'}>
                    {SHARE_TEXT.copy}
                  </Button>
                  {link.status === 'revoked' ? null : (
                    <Popconfirm
                      title={SHARE_TEXT.revokeConfirm}
                      onConfirm={() => void revokeLink(link)}
                      okText={SHARE_TEXT.revoke}
                    >
                      <Button size="small" danger>
                        {SHARE_TEXT.revoke}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
