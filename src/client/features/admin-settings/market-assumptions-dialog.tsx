import { Collapse, Form, InputNumber, Typography } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { ASSUMPTION_LIMITS, type AssumptionOverrides, type Assumptions, type InputLimit } from '../../../shared/invest';
import { AdminFormDialog, useAdminSubmit, useCloseToList } from './form-dialog';
import { useMarketAssumptionsQuery, useUpdateMarketAssumptionsMutation } from './admin-settings-api';
import { adminErrorMessage } from './admin-messages';

type Section = keyof Assumptions;
/** Form values: `section.key` → a number, or null/undefined for "use the default". */
type Values = Record<string, number | null | undefined>;

const SECTION_TITLES: Record<Section, string> = {
  financing: 'Financing',
  operating: 'Operating expenses (Buy & Hold, BRRRR)',
  brrrr: 'BRRRR',
  flip: "Fix'N'Flip",
  shortTerm: 'Short-term Rental',
};

/** The rate and term come from the latest published rate for every market (the server refuses them). */
const NOT_PER_MARKET = new Set(['financing.interestRatePercent', 'financing.termMonths']);

const fieldName = (section: string, key: string) => `${section}.${key}`;
const unitSuffix = (limit: InputLimit) => (limit.unit === 'percent' ? '%' : limit.unit === 'months' ? 'months' : undefined);

export function toFormValues(overrides: AssumptionOverrides): Values {
  const values: Values = {};
  for (const [section, group] of Object.entries(overrides)) {
    for (const [key, value] of Object.entries(group ?? {})) values[fieldName(section, key)] = value;
  }
  return values;
}

/** Only the fields the admin filled in; a cleared field goes back to the default. */
export function toOverrides(values: Values): AssumptionOverrides {
  const out: Record<string, Record<string, number>> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || NOT_PER_MARKET.has(name)) continue;
    const [section, key] = name.split('.');
    (out[section] ??= {})[key] = value;
  }
  return out;
}

/**
 * adminSettings/markets/assumptions/:id — a market's overrides of the investment engine's defaults
 * (docs/investment-math.md). Blank fields use the default shown as the placeholder. Saving
 * recomputes the market's listings in the background.
 */
export function MarketAssumptionsDialog() {
  const { id = '' } = useParams();
  const close = useCloseToList(false);
  const [form] = Form.useForm<Values>();
  const { data, isFetching, error } = useMarketAssumptionsQuery(id, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateMarketAssumptionsMutation();
  const initialValues = useMemo(() => (data ? toFormValues(data.assumptions) : undefined), [data]);
  const market = data ? `${data.market.city}, ${data.market.state}` : 'market';

  const { submit, submitting, generalError } = useAdminSubmit<Values>({
    form,
    validate: () => ({}),
    send: (values) => update({ id, assumptions: toOverrides(values) }).unwrap(),
    successMessage: `Assumptions for ${market} updated successfully`,
    failureDefault: 'An error occurred while updating the market',
    onDone: close,
  });

  const loadError = error ? adminErrorMessage(error, 'An error occurred while loading market data') : null;
  return (
    <AdminFormDialog
      title={`Investment Assumptions: ${market}`}
      submitText="Save Assumptions"
      form={form}
      name="market-assumptions"
      onSubmit={submit}
      onClose={close}
      submitting={submitting}
      loading={isFetching && !data}
      generalError={generalError ?? loadError}
      submitDisabled={!data}
      initialValues={initialValues}
    >
      <Typography.Paragraph type="secondary">
        Leave a field blank to use the default shown in it. Saving recomputes the strategy results of every listing in {market} in
        the background. The interest rate and loan term always come from the latest published rate.
      </Typography.Paragraph>
      {data ? (
        <Collapse
          defaultActiveKey={['operating']}
          items={(Object.keys(ASSUMPTION_LIMITS) as Section[]).map((section) => ({
            key: section,
            label: SECTION_TITLES[section],
            forceRender: true,
            children: (
              <div className="dm-assumption-grid">
                {Object.entries(ASSUMPTION_LIMITS[section] as Record<string, InputLimit>).map(([key, limit]) => {
                  const name = fieldName(section, key);
                  const fallback = (data.defaults[section] as Record<string, number>)[key];
                  return (
                    <Form.Item key={name} name={name} label={limit.label}>
                      <InputNumber
                        min={limit.min}
                        max={limit.max}
                        precision={limit.integer ? 0 : undefined}
                        prefix={limit.unit === 'usd' ? '$' : undefined}
                        suffix={unitSuffix(limit)}
                        placeholder={`${fallback} (default)`}
                        disabled={NOT_PER_MARKET.has(name)}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  );
                })}
              </div>
            ),
          }))}
        />
      ) : null}
    </AdminFormDialog>
  );
}

export default MarketAssumptionsDialog;
