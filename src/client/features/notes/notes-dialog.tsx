import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { readNotes, writeNotes } from './notes-storage';

type SaveState = 'idle' | 'saved' | 'failed';

/** A private notepad kept in this browser, saved on every change. */
export function NotesDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const width = useDialogWidth();
  const [text, setText] = useState('');
  const [saveState, setSaveState] = useState<SaveState>('idle');

  // Each opening (and a change of user) reloads the saved notes, adjusted while rendering.
  const openFor = open ? userId : null;
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (loadedFor !== openFor) {
    setLoadedFor(openFor);
    if (openFor !== null) {
      setText(readNotes(openFor));
      setSaveState('idle');
    }
  }

  const onChange = (value: string) => {
    setText(value);
    setSaveState(writeNotes(userId, value) ? 'saved' : 'failed');
  };

  return (
    <Modal open={open} title="Notes" onCancel={onClose} footer={null} width={width} styles={{ body: DIALOG_BODY_STYLE }}>
      <Typography.Paragraph type="secondary">
        Jot down addresses, numbers or follow-ups. Notes stay in this browser only and are saved as you type.
      </Typography.Paragraph>
      <label htmlFor="dm-notes" className="dm-visually-hidden">
        Notes
      </label>
      <Input.TextArea
        id="dm-notes"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 16 }}
        placeholder="Your notes"
        autoFocus
      />
      <div className="dm-notes-status" role="status" aria-live="polite">
        {saveState === 'saved' ? <Typography.Text type="success">Saved</Typography.Text> : null}
        {saveState === 'failed' ? <Typography.Text type="danger">Could not save in this browser</Typography.Text> : null}
      </div>
    </Modal>
  );
}
