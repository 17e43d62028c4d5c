import { Alert, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/base-query';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { MAX_NOTE_LENGTH } from '../../../shared/notes-limits';
import { useNoteQuery, useSaveNoteMutation } from './notes-api';
import { readLegacyNotes, removeLegacyNotes } from './notes-storage';

/** A pause in typing this long saves the note. */
export const NOTE_SAVE_DELAY_MS = 800;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export const NOTES_TEXT = {
  general: 'Your notes',
  onProperty: 'Notes on this property',
  help: 'Kept with your account, so they follow you to any device; saved as you type.',
} as const;

interface NotesDialogProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  /** On a property page: the note on that property; otherwise the general note. */
  propertyId: string | null;
}

/** The radial menu's Record: the user's notes on the server, general or on the property shown. */
export function NotesDialog({ open, onClose, userId, propertyId }: NotesDialogProps) {
  const width = useDialogWidth();
  const title = propertyId ? NOTES_TEXT.onProperty : NOTES_TEXT.general;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={null}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
      destroyOnHidden
    >
      {open ? <NoteEditor userId={userId} propertyId={propertyId} label={title} /> : null}
    </Modal>
  );
}

function NoteEditor({ userId, propertyId, label }: { userId: string; propertyId: string | null; label: string }) {
  const { data, isLoading, isError, error } = useNoteQuery(propertyId);
  const [save] = useSaveNoteMutation();
  const [text, setText] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState('');
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; body: string } | null>(null);

  const send = (body: string) => {
    setState('saving');
    save({ propertyId, body })
      .unwrap()
      .then(() => setState('saved'))
      .catch((e: unknown) => {
        setState('failed');
        setFailure(errorMessage(e, 'Could not save the note'));
      });
  };

  // The loaded note, once. Notes this browser kept before they moved to the server come along.
  if (data && text === null) {
    const legacy = propertyId === null && !data.body ? readLegacyNotes(userId) : '';
    setText(legacy || data.body);
    if (legacy) {
      send(legacy);
      removeLegacyNotes(userId);
    }
  }

  // Closing the dialog saves what is still waiting.
  useEffect(
    () => () => {
      if (pending.current) {
        clearTimeout(pending.current.timer);
        void save({ propertyId, body: pending.current.body });
      }
    },
    [propertyId, save],
  );

  const onChange = (value: string) => {
    setText(value);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = {
      body: value,
      timer: setTimeout(() => {
        pending.current = null;
        send(value);
      }, NOTE_SAVE_DELAY_MS),
    };
  };

  if (isLoading) return <Spin />;
  if (isError) return <Alert type="error" showIcon message={errorMessage(error, 'Could not load your notes')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{NOTES_TEXT.help}</Typography.Paragraph>
      <label htmlFor="dm-notes" className="dm-visually-hidden">
        {label}
      </label>
      <Input.TextArea
        id="dm-notes"
        value={text ?? ''}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 16 }}
        maxLength={MAX_NOTE_LENGTH}
        placeholder={label}
        autoFocus
      />
      <div className="dm-notes-status" role="status" aria-live="polite">
        {state === 'saving' ? <Typography.Text type="secondary">Saving…</Typography.Text> : null}
        {state === 'saved' ? <Typography.Text type="success">Saved</Typography.Text> : null}
        {state === 'failed' ? <Typography.Text type="danger">{failure}</Typography.Text> : null}
      </div>
    </>
  );
}
