import { Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { RELEASE_NOTES } from './release-notes';

export function NewsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const width = useDialogWidth();
  return (
    <Modal
      open={open}
      title="What's new in Dealmap"
      onCancel={onClose}
      footer={null}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
      destroyOnHidden
    >
      {RELEASE_NOTES.map((note) => (
        <section key={note.version} className="dm-release-note">
          <Typography.Title level={4}>
            {note.title}{' '}
            <Typography.Text type="secondary">
              v{note.version} · {dayjs(note.date).format('MMMM D, YYYY')}
            </Typography.Text>
          </Typography.Title>
          <ul>
            {note.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </Modal>
  );
}
