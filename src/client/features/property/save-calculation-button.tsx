import { Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { WhatIf } from '../../../shared/invest';
import type { SavedCalculation, StrategyKey } from '../../../shared/investor-types';
import { CalculationNameDialog, SAVED_CALCULATION_TEXT, useSaveCalculationMutation } from '../saved-calculations';
import { strategyName } from '../../../shared/invest/ranking';

interface SaveCalculationButtonProps {
  propertyId: string;
  address: string;
  strategy: StrategyKey;
  whatIf: WhatIf;
  /** Why the inputs cannot be saved (the server would refuse them); empty when they can. */
  problems: string[];
  onSaved: (calc: SavedCalculation) => void;
}

/** "Save calculation": names the current inputs and strategy, then POST /saved-calculations. */
export function SaveCalculationButton({ propertyId, address, strategy, whatIf, problems, onSaved }: SaveCalculationButtonProps) {
  const [open, setOpen] = useState(false);
  const [save] = useSaveCalculationMutation();
  const street = address.split(',')[0];

  const submit = async (name: string) => {
    const saved = await save({ name, propertyId, strategy, whatIf }).unwrap();
    toast.success(SAVED_CALCULATION_TEXT.created);
    setOpen(false);
    onSaved(saved);
  };

  const button = (
    <Button type="primary" onClick={() => setOpen(true)} disabled={problems.length > 0}>
      Save calculation
    </Button>
  );
  return (
    <>
      {problems.length ? <Tooltip title={problems[0]}>{button}</Tooltip> : button}
      <CalculationNameDialog
        open={open}
        title="Save calculation"
        okText="Save"
        initialName={`${street} · ${strategyName(strategy)}`.slice(0, 120)}
        onSubmit={submit}
        onCancel={() => setOpen(false)}
        failureMessage={SAVED_CALCULATION_TEXT.createFailed}
      >
        <Typography.Paragraph type="secondary">
          Saves every input on this page and the strategy in focus ({strategyName(strategy)}). Reopen it later from the dashboard
          to see what changed since.
        </Typography.Paragraph>
      </CalculationNameDialog>
    </>
  );
}
