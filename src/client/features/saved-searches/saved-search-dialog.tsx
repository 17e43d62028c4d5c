import { Form, Radio } from 'antd';
import type { AlertFrequency } from '../../../shared/vocabulary';
import { NameDialog, type NameDialogCallerProps } from '../../components/name-dialog';
import { ALERT_CHOICES, SAVED_SEARCH_NAME_MAX, savedSearchNameProblem } from './saved-search-text';
import './saved-searches.css';

export interface SavedSearchFormValues {
  name: string;
  alert: AlertFrequency;
}

/**
 * A saved search's name and alert setting, for Save and for Edit. A taken name (409 with
 * `fields.name`) shows on the field; any other refusal (the limit, the view) above the form.
 */
export function SavedSearchDialog(props: NameDialogCallerProps<SavedSearchFormValues>) {
  return (
    <NameDialog
      {...props}
      nameProblem={savedSearchNameProblem}
      nameMaxLength={SAVED_SEARCH_NAME_MAX + 20}
      width={520}
      fields={
        <fieldset className="dm-ss-alerts">
          <legend>Alerts</legend>
          <Form.Item name="alert" noStyle>
            <Radio.Group className="dm-ss-alert-choices">
              {ALERT_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value}>
                  <strong>{choice.label}</strong>
                  <span className="dm-ss-alert-description">{choice.description}</span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </fieldset>
      }
    />
  );
}
