import { NameDialog, type NameDialogCallerProps } from '../../components/name-dialog';
import { calculationNameProblem } from './saved-calculation-messages';

type CalculationNameDialogProps = Omit<NameDialogCallerProps<{ name: string }>, 'initial' | 'onSubmit'> & {
  initialName: string;
  /** Sends the trimmed name; a rejection with the server's error keeps the dialog open and shows it. */
  onSubmit: (name: string) => Promise<unknown>;
};

/** The name of a saved calculation, for Save and for Rename; a taken name (409) shows on the field. */
export function CalculationNameDialog({ initialName, onSubmit, ...props }: CalculationNameDialogProps) {
  return (
    <NameDialog
      {...props}
      initial={{ name: initialName }}
      onSubmit={({ name }) => onSubmit(name)}
      nameProblem={calculationNameProblem}
      nameMaxLength={200}
      conflictIsName
      width={480}
    />
  );
}
