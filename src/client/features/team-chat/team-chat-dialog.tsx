import { Button, Form, Input, Modal, Typography } from 'antd';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router-dom';
import { api, authCall } from '../../api/base-api';
import { errorMessage } from '../../api/base-query';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { MAX_TEAM_MESSAGE_LENGTH } from '../../../shared/notes-limits';
import type { TeamMessage } from '../../../shared/schemas/notes';

const teamChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendTeamMessage: build.mutation<{ sentTo: number }, TeamMessage>({
      query: (body) => authCall({ url: '/teamMessage', method: 'POST', body }),
    }),
  }),
});

export const TEAM_CHAT_TEXT = {
  title: 'Message the Dealmap team',
  help: 'Ask a question or tell us what is wrong. It goes to the team by email, and they answer you at your account’s email address.',
  label: 'Your message',
  required: 'Write a message first',
  send: 'Send',
  sent: 'Message sent to the Dealmap team',
} as const;

/** The radial menu's Chat: a message to the team, sent by mail with the page it was written from. */
export function TeamChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const width = useDialogWidth();
  const location = useLocation();
  const [form] = Form.useForm<{ message: string }>();
  const [send, { isLoading }] = teamChatApi.useSendTeamMessageMutation();

  const onFinish = async ({ message }: { message: string }) => {
    try {
      await send({ message, page: `${location.pathname}${location.search}` }).unwrap();
      toast.success(TEAM_CHAT_TEXT.sent);
      form.resetFields();
      onClose();
    } catch (error) {
      form.setFields([{ name: 'message', errors: [errorMessage(error)] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={TEAM_CHAT_TEXT.title}
      onCancel={onClose}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="send" type="primary" loading={isLoading} onClick={() => form.submit()}>
          {TEAM_CHAT_TEXT.send}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{TEAM_CHAT_TEXT.help}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)} requiredMark>
        <Form.Item
          name="message"
          label={TEAM_CHAT_TEXT.label}
          rules={[{ required: true, whitespace: true, message: TEAM_CHAT_TEXT.required }]}
        >
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} maxLength={MAX_TEAM_MESSAGE_LENGTH} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
