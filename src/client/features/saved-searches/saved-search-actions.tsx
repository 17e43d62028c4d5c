import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { SavedSearch, SavedSearchChanges } from '../../../shared/schemas/alerts';
import { errorStatus } from '../../api/base-query';
import { SavedSearchDialog, type SavedSearchFormValues } from './saved-search-dialog';
import { SAVED_SEARCH_TEXT } from './saved-search-text';
import { useDeleteSavedSearchMutation, useUpdateSavedSearchMutation } from './saved-searches-api';

interface SavedSearchActionsProps {
  search: Pick<SavedSearch, '_id' | 'name' | 'alert'>;
}

/** Edit (the name and the alert, in a dialog) and Delete (after a confirmation) of one saved search, each with a toast. */
export function SavedSearchActions({ search }: SavedSearchActionsProps) {
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateSavedSearchMutation();
  const [remove] = useDeleteSavedSearchMutation();

  const submitEdit = async ({ name, alert }: SavedSearchFormValues) => {
    const changes: SavedSearchChanges = {
      ...(name !== search.name ? { name } : {}),
      ...(alert !== search.alert ? { alert } : {}),
    };
    if (Object.keys(changes).length) {
      await update({ id: search._id, changes }).unwrap();
      toast.success(SAVED_SEARCH_TEXT.updated);
    }
    setEditing(false);
  };

  const confirmDelete = async () => {
    try {
      await remove(search._id).unwrap();
      toast.success(SAVED_SEARCH_TEXT.deleted);
    } catch (error) {
      // A 404: another tab deleted it; the list refreshes either way.
      toast.error(errorStatus(error) === 404 ? SAVED_SEARCH_TEXT.alreadyGone : SAVED_SEARCH_TEXT.deleteFailed);
    }
  };

  return (
    <>
      <Button size="small" onClick={() => setEditing(true)} aria-label={`Edit ${search.name}`}>
        Edit
      </Button>
      <Popconfirm
        title={`Delete "${search.name}"?`}
        description="Its alerts stop. This cannot be undone."
        okText="Delete"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => void confirmDelete()}
      >
        <Button size="small" danger aria-label={`Delete ${search.name}`}>
          Delete
        </Button>
      </Popconfirm>
      <SavedSearchDialog
        open={editing}
        title={SAVED_SEARCH_TEXT.editTitle}
        okText={SAVED_SEARCH_TEXT.editOk}
        initial={{ name: search.name, alert: search.alert }}
        onSubmit={submitEdit}
        onCancel={() => setEditing(false)}
        failureMessage={SAVED_SEARCH_TEXT.updateFailed}
      />
    </>
  );
}
